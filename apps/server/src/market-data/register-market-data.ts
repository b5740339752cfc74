import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { dailyRefresh } from '../modules/history/daily-refresh.ts';
import { JobQueue } from '../modules/jobs/job-queue.ts';
import { JobRunner } from '../modules/jobs/job-runner.ts';
import { marketRoutes } from '../modules/market/routes.ts';
import { simulationRoutes } from '../modules/market/simulation-routes.ts';
import { symbolRoutes } from '../modules/symbols/routes.ts';
import { createMarketData, type MarketData } from './market-data.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Quotes, stored history, company data and symbol search, for every module. */
    marketData: MarketData;
  }
}

/**
 * Market data routes (stocks, ETFs, history, company data, symbol search) and, unless turned
 * off, this instance's share of the background jobs (the daily refresh of stored bars).
 */
export async function registerMarketData(
  app: FastifyInstance,
  { config, auth, db }: { config: Config; auth: Auth; db: Db },
): Promise<MarketData> {
  const data = createMarketData(config, db, app.log);
  app.decorate('marketData', data);
  await app.register(marketRoutes, { auth, ...data });
  await app.register(symbolRoutes, { auth, search: data.search });
  if (data.simulation) {
    await app.register(simulationRoutes, { market: data.market, control: data.simulation });
  }

  if (config.backgroundJobs !== false) {
    const queue = new JobQueue(db);
    const refresh = dailyRefresh({
      queue,
      history: data.history,
      market: data.market,
      log: app.log,
    });
    const runner = new JobRunner({
      queue,
      handlers: refresh.handlers,
      schedule: refresh.schedule,
      log: app.log,
    });
    app.addHook('onReady', async () => runner.start());
    app.addHook('preClose', async () => runner.stop());
  }
  return data;
}
