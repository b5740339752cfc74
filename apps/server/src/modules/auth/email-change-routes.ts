import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from './auth.ts';
import type { EmailChanges } from './email-change.ts';
import { forgetEndedSessions, requireUser } from './guard.ts';

/**
 * Settings, Profile: changing the sign-in address (`email-change.ts`). The two links from the
 * emails lead to web pages that post their token here: a mail scanner that opens a link
 * changes nothing.
 */
export const emailChangeRoutes: FastifyPluginAsync<{
  auth: Auth;
  changes: EmailChanges;
}> = async (app, { auth, changes }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/me/email-change', { config: { access: 'user' } }, async (request) => {
    const { id } = await requireUser(auth, request);
    return changes.status(id);
  });

  app.post('/api/me/email-change', { config: { access: 'user' } }, async (request, reply) => {
    const holder = await requireUser(auth, request);
    return reply.status(202).send(await changes.request(holder, request.body));
  });

  app.delete('/api/me/email-change', { config: { access: 'user' } }, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await changes.cancel(id);
    return reply.status(204).send();
  });

  app.post('/api/email-change/confirm', { config: { access: 'public' } }, async (request) =>
    changes.confirm(request.body),
  );

  app.post('/api/email-change/undo', { config: { access: 'public' } }, async (request) => {
    const restored = await changes.undo(request.body);
    forgetEndedSessions(auth);
    return restored;
  });
};
