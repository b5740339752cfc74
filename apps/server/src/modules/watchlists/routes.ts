import {
  addWatchlistSymbolSchema,
  entitlementsFor,
  parseTickerSymbol,
  teamShareSchema,
  type WatchlistDetail,
  type WatchlistList,
  watchlistNameInputSchema,
  watchlistOrderSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { notFound, parseInput } from '../../http/errors.ts';
import type { MarketService } from '../../market-data/index.ts';
import { alertsOfUser } from '../alerts/service.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { tierOf } from '../profiles/service.ts';
import type { WatchlistRows } from './watchlist-rows.ts';
import type { WatchlistStore } from './watchlist-store.ts';

export interface WatchlistRoutesOptions {
  auth: Auth;
  store: WatchlistStore;
  rows: WatchlistRows;
  market: MarketService;
}

type IdParams = { Params: { id: string } };
type SymbolParams = { Params: { id: string; symbol: string } };
const user = { config: { access: 'user' as const } };

export const watchlistRoutes: FastifyPluginAsync<WatchlistRoutesOptions> = async (
  app,
  { auth, store, rows, market },
) => {
  app.get('/api/watchlists', user, async (request, reply): Promise<WatchlistList> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const [watchlists, tier] = await Promise.all([store.list(id), tierOf(store.db, id)]);
    const plan = entitlementsFor(tier);
    return {
      watchlists,
      limits: { watchlists: plan.watchlists, symbolsPerList: plan.watchlistSymbols },
    };
  });

  app.post('/api/watchlists', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { name } = parseInput(watchlistNameInputSchema, request.body);
    return reply.status(201).send({ watchlist: await store.create(id, name) });
  });

  app.get<IdParams>(
    '/api/watchlists/:id',
    user,
    async (request, reply): Promise<WatchlistDetail> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      const watchlist = await store.get(id, request.params.id);
      const alerts = await alertsOfUser(store.db, id);
      const viewer = entitlementsFor(await tierOf(store.db, id)).marketData;
      return {
        watchlist,
        rows: await rows.rows(watchlist, alerts, viewer),
        source: market.source,
      };
    },
  );

  app.patch<IdParams>('/api/watchlists/:id', user, async (request) => {
    const { id } = await requireUser(auth, request);
    await store.get(id, request.params.id);
    const { name } = parseInput(watchlistNameInputSchema, request.body);
    return { watchlist: await store.rename(id, request.params.id, name) };
  });

  app.delete<IdParams>('/api/watchlists/:id', user, async (request, reply) => {
    const actor = await requireUser(auth, request);
    await store.delete(actor, request.params.id);
    return reply.status(204).send();
  });

  // Moves the list into the user's team, or back out (docs/PRODUCT.md §3.26).
  app.put<IdParams>('/api/watchlists/:id/team', user, async (request) => {
    const actor = await requireUser(auth, request);
    await store.get(actor.id, request.params.id);
    const { shared } = parseInput(teamShareSchema, request.body);
    return { watchlist: await store.share(actor, request.params.id, shared) };
  });

  app.post<IdParams>('/api/watchlists/:id/symbols', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await store.get(id, request.params.id);
    const { symbol } = parseInput(addWatchlistSymbolSchema, request.body);
    const security = await market.security(symbol);
    const { watchlist, added } = await store.addSymbol(id, request.params.id, security.symbol);
    return reply.status(added ? 201 : 200).send({ watchlist });
  });

  app.delete<SymbolParams>('/api/watchlists/:id/symbols/:symbol', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const symbol = parseTickerSymbol(request.params.symbol);
    if (!symbol) throw notFound('This symbol is not in this watchlist.');
    await store.removeSymbol(id, request.params.id, symbol);
    return reply.status(204).send();
  });

  app.put<IdParams>('/api/watchlists/:id/order', user, async (request) => {
    const { id } = await requireUser(auth, request);
    await store.get(id, request.params.id);
    const { symbols } = parseInput(watchlistOrderSchema, request.body);
    return { watchlist: await store.reorder(id, request.params.id, symbols) };
  });
};
