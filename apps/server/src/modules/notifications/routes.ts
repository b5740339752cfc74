import { publishNotificationSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { type OperatorAccess, requireOperator } from '../operator/operator-access.ts';
import { publishReleaseNote } from './release-note.ts';
import { listNotifications, markNotificationRead, publishNotification } from './service.ts';

export interface NotificationRoutesOptions {
  auth: Auth;
  db: Db;
  operator: OperatorAccess;
}

export const notificationRoutes: FastifyPluginAsync<NotificationRoutesOptions> = async (
  app,
  { auth, db, operator },
) => {
  await publishReleaseNote(db);

  app.get('/api/notifications', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return { notifications: await listNotifications(db, user.id) };
  });

  app.post<{ Params: { id: string } }>(
    '/api/notifications/:id/read',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await markNotificationRead(db, user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post('/api/notifications', { config: { access: 'operator' } }, async (request, reply) => {
    await requireOperator(operator, auth, request);
    const input = parseInput(publishNotificationSchema, request.body);
    return reply.status(201).send(await publishNotification(db, input));
  });
};
