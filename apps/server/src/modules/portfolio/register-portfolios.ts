import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { portfolioTransactions } from '../../db/schema/index.ts';
import {
  type HistoryService,
  type MarketService,
  type StandingDemand,
  symbolCounts,
} from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';

import { MarketAdapter } from './market-adapter.ts';
import type { PortfolioRoom } from './portfolios.ts';
import { portfolioRoutes } from './routes.ts';
import { PortfolioService } from './service.ts';

/** Portfolios under `/api/portfolios`, priced by the market data services. */
export async function registerPortfolios(
  app: FastifyInstance,
  options: {
    auth: Auth;
    db: Db;
    room: PortfolioRoom;
    market: MarketService;
    history: HistoryService;
    standing: StandingDemand;
    /** What day it is for the names of exported files. */
    clock: Clock;
    /**
     * The market's time (`MarketData.now`: the app's clock, shifted when a simulated market
     * starts at another instant), so performance ranges end where the market's closes do.
     */
    marketNow: () => number;
  },
): Promise<PortfolioService> {
  const { clock } = options;
  const portfolios = new PortfolioService({
    db: options.db,
    room: options.room,
    // Today's date on the market's clock: the day a range counts back from.
    market: new MarketAdapter(options.market, options.history, options.marketNow),
  });
  await app.register(portfolioRoutes, { auth: options.auth, portfolios, clock });
  options.standing.add('holding', () => heldSymbols(options.db));
  return portfolios;
}

/**
 * Symbols some portfolio holds, with how many portfolios hold each: bought more than sold
 * (a split may change the count, so a split symbol counts as held while any was bought).
 */
async function heldSymbols(db: Db) {
  const t = portfolioTransactions;
  const held = sql<number>`case ${t.kind} when 'buy' then ${t.quantity} when 'sell' then -${t.quantity} else 0 end`;
  const perPortfolio = db
    .select({ portfolioId: t.portfolioId, symbol: t.symbol })
    .from(t)
    .where(sql`${t.symbol} is not null`)
    .groupBy(t.portfolioId, t.symbol)
    .having(sql`sum(${held}) > 0 or (bool_or(${t.kind} = 'split') and bool_or(${t.kind} = 'buy'))`)
    .as('held');
  return symbolCounts(
    await db
      .select({ symbol: perPortfolio.symbol, count: sql<number>`count(*)`.mapWith(Number) })
      .from(perPortfolio)
      .groupBy(perPortfolio.symbol),
  );
}
