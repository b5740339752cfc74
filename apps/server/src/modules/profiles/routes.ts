import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { getMe } from './service.ts';

export const profileRoutes: FastifyPluginAsync<{ auth: Auth; db: Db }> = async (
  app,
  { auth, db },
) => {
  app.get('/api/me', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return getMe(db, user);
  });
};
