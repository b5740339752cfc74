import type { AccountSessionList, SignedOutSessions } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import {
  endAccountSession,
  endOtherAccountSessions,
  listAccountSessions,
} from './account-sessions.ts';
import type { Auth } from './auth.ts';
import { forgetEndedSessions, requireSession } from './guard.ts';

/** Settings, Security (docs/PRODUCT.md §3.19): where the user is signed in, and signing out there. */
export const sessionRoutes: FastifyPluginAsync<{
  auth: Auth;
  db: Db;
  /**
   * Signing out everywhere else also revokes the user's API keys; answers how many. Given by
   * the app, so that auth depends on no other module.
   */
  revokeApiKeys: (userId: string) => Promise<number>;
}> = async (app, { auth, db, revokeApiKeys }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/me/sessions',
    { config: { access: 'user' } },
    async (request): Promise<AccountSessionList> => {
      const { user, key } = await requireSession(auth, request);
      return { sessions: await listAccountSessions(db, user.id, key) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/me/sessions/:id',
    { config: { access: 'user' } },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      if (!(await endAccountSession(db, user.id, request.params.id))) {
        throw notFound('This session has already ended.');
      }
      forgetEndedSessions(auth);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/me/sessions/sign-out-others',
    { config: { access: 'user' } },
    async (request): Promise<SignedOutSessions> => {
      const { user, key } = await requireSession(auth, request);
      const signedOut = await endOtherAccountSessions(db, user.id, key);
      forgetEndedSessions(auth);
      return { signedOut, revokedApiKeys: await revokeApiKeys(user.id) };
    },
  );
};
