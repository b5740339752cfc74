import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config, MarketConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Scheduler } from '../lifecycle/scheduler.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { EntitlementService } from '../modules/entitlements/service.ts';
import { JobQueue, JobRunner } from '../modules/jobs/service.ts';
import { fundamentalsRoutes } from './fundamentals/routes.ts';
import { dailyRefresh } from './history/daily-refresh.ts';
import { createMarketData, type MarketData } from './market-data.ts';
import { researchRoutes } from './research/routes.ts';
import { marketRoutes } from './routes.ts';
import { simulationRoutes } from './simulation-routes.ts';
import { symbolRoutes } from './symbols/routes.ts';

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
  {
    config,
    auth,
    db,
    clock,
    scheduler,
    entitlements,
  }: {
    config: Config;
    auth: Auth;
    db: Db;
    clock: Clock;
    /** The app's scheduler: the quote refreshes, live feed and standing demand run on it. */
    scheduler: Scheduler;
    entitlements: EntitlementService;
  },
): Promise<MarketData> {
  const data = createMarketData(config, db, app.log, marketClock(config.market, clock), undefined, {
    shareBudgets: true,
  });
  app.decorate('marketData', data);
  app.addHook('onReady', async () => {
    data.market.start(scheduler);
    data.standing.start(scheduler);
  });
  app.addHook('preClose', async () => {
    await data.standing.stop();
    await data.market.stop();
  });
  await app.register(marketRoutes, { auth, entitlements, ...data });
  await app.register(symbolRoutes, { auth, search: data.search });
  await app.register(researchRoutes, { auth, market: data.market, research: data.research });
  await app.register(fundamentalsRoutes, {
    auth,
    entitlements,
    market: data.market,
    fundamentals: data.fundamentals,
  });
  if (data.simulation) {
    await app.register(simulationRoutes, { market: data.market, control: data.simulation });
  }

  if (config.backgroundJobs !== false) {
    // The jobs run on the app's clock, as the other modules' jobs do.
    const now = () => clock().getTime();
    const queue = new JobQueue(db, now);
    const refresh = dailyRefresh({
      queue,
      history: data.history,
      market: data.market,
      log: app.log,
      now,
    });
    const runner = new JobRunner({
      queue,
      handlers: refresh.handlers,
      schedule: refresh.schedule,
      log: app.log,
      now,
    });
    app.addHook('onReady', async () => runner.start(scheduler));
    app.addHook('preClose', async () => runner.stop());
  }
  return data;
}

/**
 * The market data's time: the app's clock (tests set it), or, for a simulated market told to
 * start at another instant, that instant plus the time since start-up.
 */
function marketClock(market: MarketConfig, clock: Clock): () => number {
  if (market.provider !== 'simulated' || market.startsAt === undefined) {
    return () => clock().getTime();
  }
  const shift = market.startsAt - clock().getTime();
  return () => clock().getTime() + shift;
}
