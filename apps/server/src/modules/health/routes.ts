import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { databaseRetryAfterSeconds } from '../../http/errors.ts';
import { checkHealth } from './service.ts';

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    const health = await checkHealth(database);
    if (health.db !== 'ok') reply.header('retry-after', String(databaseRetryAfterSeconds));
    return reply
      .status(health.db === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });
};
