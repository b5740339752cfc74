import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { watchlistItems } from '../../db/schema/index.ts';
import { type MarketData, symbolCounts } from '../../market-data/index.ts';
import type { IndicatorSource } from '../alerts/service.ts';
import type { Auth } from '../auth/auth.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { watchlistRoutes } from './routes.ts';
import { WatchlistRows } from './watchlist-rows.ts';
import { WatchlistStore } from './watchlist-store.ts';

export { WatchlistStore } from './watchlist-store.ts';

export interface WatchlistsOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  room: Pick<EntitlementService, 'requireRoomFor'>;
  marketData: MarketData;
  /** The analyst's technical readings: the rating column. */
  indicators?: IndicatorSource;
}

/** The lists, and their tables' rows (one instance: its figures per symbol are kept once). */
export interface Watchlists {
  store: WatchlistStore;
  rows: WatchlistRows;
}

/** Watchlists: the user's named lists of symbols and the table of each (docs/PRODUCT.md §3.21). */
export async function registerWatchlists(
  app: FastifyInstance,
  { auth, db, clock, room, marketData, indicators }: WatchlistsOptions,
): Promise<Watchlists> {
  const { market, history, directory } = marketData;
  const store = new WatchlistStore({ db, clock, room });
  const rows = new WatchlistRows({
    market,
    history,
    directory,
    ...(indicators ? { indicators } : {}),
  });
  await app.register(watchlistRoutes, { auth, store, rows, market });
  // Every listed symbol is wanted fresh, by as many users as list it.
  marketData.standing.add('watchlist', async () =>
    symbolCounts(
      await db
        .select({
          symbol: watchlistItems.symbol,
          count: sql<number>`count(distinct ${watchlistItems.userId})`.mapWith(Number),
        })
        .from(watchlistItems)
        .groupBy(watchlistItems.symbol),
    ),
  );
  return { store, rows };
}
