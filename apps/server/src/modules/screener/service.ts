import {
  entitlementsByTier,
  entitlementsFor,
  type MarketDataAccess,
  subscriptionTiers,
} from '@tickerwise/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { savedScreens } from '../../db/schema/index.ts';
import { listedSymbols, type MarketData } from '../../market-data/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import type { Auth } from '../auth/auth.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { MarketOverviews } from './market-overview.ts';
import { screenerRoutes } from './routes.ts';
import { SavedScreens } from './saved-screens.ts';
import { type RatingReader, ScreenerTable } from './screener-table.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The screener's rows and saved screens, for tests and benchmarks. */
    screener: Screener;
  }
}

export interface Screener {
  table: ScreenerTable;
  saved: SavedScreens;
  /** Reads the rows' figures for every plan's freshness (the app does, every minute). */
  refresh(options?: { fill?: boolean }): Promise<void>;
  /** Checks the saved screens that alert on entry (the app does, after each refresh). */
  checkEntries(): Promise<{ userId: string; screenId: string; entered: string[] }[]>;
}

/** How often the rows are read again and saved screens checked for entries. */
const refreshIntervalMs = 60_000;
const firstRefreshMs = 10_000;

/** Every freshness a plan may have: the rows are read through each one's last session. */
const viewers: MarketDataAccess[] = [
  ...new Map(
    Object.values(entitlementsByTier).map((plan) => [
      JSON.stringify(plan.marketData),
      plan.marketData,
    ]),
  ).values(),
];

/**
 * The screener (docs/PRODUCT.md, "Screener"), saved screens with their entry alerts, and the
 * market overview. With `backgroundJobs`, this instance reads the rows every minute (filling
 * a history source that counts no calls first) and checks the saved screens after; between
 * refreshes, a history the instance stores whole is read into its row as it is stored.
 */
export async function registerScreener(
  app: FastifyInstance,
  options: {
    auth: Auth;
    db: Db;
    entitlements: EntitlementService;
    marketData: MarketData;
    ratings: RatingReader;
    backgroundJobs: boolean;
    clock: () => Date;
  },
): Promise<Screener> {
  const { marketData, db } = options;
  const table = new ScreenerTable({
    universe: listedSymbols,
    marketData,
    ratings: options.ratings,
    log: app.log,
    now: marketData.now,
  });
  const saved = new SavedScreens(db, options.entitlements);
  const overviews = new MarketOverviews(marketData.market, table);
  const screener: Screener = {
    table,
    saved,
    refresh: ({ fill = false } = {}) => table.refresh(viewers, { fill }),
    checkEntries: () =>
      saved.checkEntries(
        (viewer) => table.rowsFor(viewer).rows,
        (tier) =>
          entitlementsFor(
            (subscriptionTiers as readonly string[]).includes(tier)
              ? (tier as (typeof subscriptionTiers)[number])
              : 'free',
          ).marketData,
        options.clock(),
      ),
  };
  app.decorate('screener', screener);
  await app.register(screenerRoutes, {
    auth: options.auth,
    entitlements: options.entitlements,
    table,
    saved,
    overviews,
  });
  if (options.backgroundJobs) {
    const pass = async () => {
      await screener.refresh({ fill: true });
      await screener.checkEntries();
    };
    app.addHook('onReady', async () => {
      // The first pass a little after start-up, not in the middle of it.
      app.scheduler.after('screener first refresh', firstRefreshMs, pass);
      app.scheduler.every('screener refresh', refreshIntervalMs, pass);
    });
  }
  // A symbol's whole history, as it is stored, makes its row without a read at the next refresh.
  const untake = marketData.history.onHistoryStored((stored) => table.take(stored));
  app.addHook('preClose', async () => {
    untake();
    await table.stop();
  });
  return screener;
}

/** Saved screens in the data export. */
export function screenerDataPart(db: Db): UserDataPart {
  return {
    name: 'savedScreens',
    tables: [savedScreens],
    async collect(userId) {
      const rows = await db
        .select({
          id: savedScreens.id,
          name: savedScreens.name,
          query: savedScreens.query,
          alertOnEntry: savedScreens.alertOnEntry,
          members: savedScreens.members,
          createdAt: savedScreens.createdAt,
        })
        .from(savedScreens)
        .where(eq(savedScreens.userId, userId))
        .orderBy(asc(savedScreens.createdAt));
      return rows.map(plainRow);
    },
  };
}
