import type { Health, MailHealth, MarketHealth } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { databaseRetryAfterSeconds } from '../../http/errors.ts';
import { checkHealth } from './service.ts';

export interface HealthRoutesOptions {
  database: Database;
  /** How the market data feed stands: budget in use, stream, the stalest demanded quote. */
  marketStatus?: () => MarketHealth;
  /** The email outbox: messages waiting and how long the oldest has waited. */
  mailStatus?: () => Promise<MailHealth>;
}

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { database, marketStatus, mailStatus },
) => {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    const health: Health = await checkHealth(database);
    if (marketStatus) health.market = marketStatus();
    if (mailStatus && health.db === 'ok') health.mail = await mailStatus();
    if (health.db !== 'ok') reply.header('retry-after', String(databaseRetryAfterSeconds));
    return reply
      .status(health.db === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(health);
  });
};
