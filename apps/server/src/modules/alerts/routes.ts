import {
  type AlertList,
  createAlertSchema,
  entitlementsFor,
  parseTickerSymbol,
  updateAlertSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { MarketService } from '../market/service.ts';
import { tierOf } from '../profiles/service.ts';
import type { AlertStore } from './alert-store.ts';

export interface AlertRoutesOptions {
  auth: Auth;
  store: AlertStore;
  market: MarketService;
}

type IdParams = { Params: { id: string } };

export const alertRoutes: FastifyPluginAsync<AlertRoutesOptions> = async (
  app,
  { auth, store, market },
) => {
  app.get<{ Querystring: { symbol?: string } }>(
    '/api/alerts',
    { config: { access: 'user' } },
    async (request, reply): Promise<AlertList> => {
      const user = await requireUser(auth, request);
      const symbol = request.query.symbol ? parseTickerSymbol(request.query.symbol) : undefined;
      reply.header('cache-control', 'no-store');
      const [alerts, firings, tier] = await Promise.all([
        store.list(user.id, symbol),
        store.firings(user.id),
        tierOf(store.db, user.id),
      ]);
      return {
        alerts,
        firings: symbol ? firings.filter((firing) => firing.symbol === symbol) : firings,
        allowed: entitlementsFor(tier).customAlerts,
      };
    },
  );

  app.post('/api/alerts', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    const input = parseInput(createAlertSchema, request.body);
    await market.security(input.symbol);
    return reply.status(201).send({ alert: await store.create(user.id, input) });
  });

  app.get<IdParams>('/api/alerts/:id', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const alert = await store.get(user.id, request.params.id);
    return { alert, firings: await store.firingsOf(user.id, alert.id) };
  });

  app.patch<IdParams>('/api/alerts/:id', { config: { access: 'user' } }, async (request) => {
    const user = await requireUser(auth, request);
    await store.get(user.id, request.params.id);
    const input = parseInput(updateAlertSchema, request.body);
    return { alert: await store.update(user.id, request.params.id, input) };
  });

  app.delete<IdParams>(
    '/api/alerts/:id',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await store.delete(user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
