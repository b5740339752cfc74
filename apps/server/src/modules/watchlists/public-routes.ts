import {
  entitlementsFor,
  type WatchlistSummary,
  watchlistDetailSchema,
  watchlistListSchema,
} from '@tickerwise/shared';
import { z } from 'zod';
import type { MarketService } from '../../market-data/index.ts';
import type { PublicApi } from '../../public-api/public-api.ts';
import { alertsOfUser } from '../alerts/service.ts';
import type { WatchlistRows } from './watchlist-rows.ts';
import type { WatchlistStore } from './watchlist-store.ts';

/** Stands for a watchlist of the key's owner; the tests call the routes with one of theirs. */
const exampleWatchlistId = 'c2f4e6a8-1b3d-4f5a-9c7e-0d2b4f6a8c1e';

const exampleList: WatchlistSummary = {
  id: exampleWatchlistId,
  name: 'Tech',
  symbols: ['AAPL', 'MSFT'],
  createdAt: '2026-01-05T18:20:11.000Z',
  shared: null,
};

export interface WatchlistPublicRoutesOptions {
  store: WatchlistStore;
  rows: WatchlistRows;
  market: MarketService;
}

/**
 * The key owner's watchlists in the public API (docs/PRODUCT.md §3.20): the lists, and a list
 * with the rows its table shows; another user's list answers 404.
 */
export function watchlistPublicRoutes(
  api: PublicApi,
  { store, rows, market }: WatchlistPublicRoutesOptions,
): void {
  api.get('/watchlists', {
    operationId: 'listWatchlists',
    tag: 'Watchlists',
    summary: 'Your watchlists',
    description:
      'Each list with its symbols in your order, and how many lists (and symbols per list) your plan allows.',
    response: watchlistListSchema,
    example: { watchlists: [exampleList], limits: { watchlists: 20, symbolsPerList: 100 } },
    handler: async ({ caller }) => {
      const plan = entitlementsFor(caller.tier);
      return {
        watchlists: await store.list(caller.userId),
        limits: { watchlists: plan.watchlists, symbolsPerList: plan.watchlistSymbols },
      };
    },
  });

  api.get('/watchlists/{id}', {
    operationId: 'getWatchlist',
    tag: 'Watchlists',
    summary: 'One of your watchlists, row by row',
    description:
      "A row per symbol in your order: the latest price and the change in percent against the previous close (null while no price can be had), the last month's closes, the technical rating on the last stored bar, and the alerts you set on it. `source` says where prices come from (`simulated` is never real market data); `quotedAt` is the instant the price stands for; `delayed` is true when the owner's plan sees prices `delayMinutes` late (never on the plans with API access), `stale` when the source could not be reached and this is the last price it gave.",
    params: z.object({
      id: z.string().max(100).meta({ description: 'The watchlist id (from `listWatchlists`)' }),
    }),
    exampleParams: { id: exampleWatchlistId },
    response: watchlistDetailSchema,
    example: {
      watchlist: exampleList,
      rows: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          type: 'stock',
          price: 231.41,
          change: 1.26,
          delayed: false,
          delayMinutes: 0,
          stale: false,
          quotedAt: '2026-01-30T15:42:07.000Z',
          sparkline: [
            { date: '2026-01-29', close: 228.52 },
            { date: '2026-01-30', close: 231.41 },
          ],
          rating: 'Buy',
          ratingAsOf: '2026-01-29',
          alerts: [
            {
              id: '3d6b8f20-7c1e-4f0a-b5d2-9e4a1c7f0b38',
              summary: 'Price above $240.00',
              state: 'armed',
            },
          ],
        },
        {
          symbol: 'MSFT',
          name: 'Microsoft Corporation',
          type: 'stock',
          price: null,
          change: null,
          delayed: false,
          delayMinutes: 0,
          stale: true,
          quotedAt: null,
          sparkline: [],
          rating: null,
          ratingAsOf: null,
          alerts: [],
        },
      ],
      source: 'finnhub',
    },
    errors: { 404: 'You have no watchlist with this id.' },
    handler: async ({ caller, params }) => {
      const watchlist = await store.get(caller.userId, params.id);
      const alerts = await alertsOfUser(store.db, caller.userId);
      const viewer = entitlementsFor(caller.tier).marketData;
      return {
        watchlist,
        rows: await rows.rows(watchlist, alerts, viewer),
        source: market.source,
      };
    },
  });
}
