import { parseStockSymbol, type StockList, type StockResponse } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { SharedJson } from '../../http/shared-json.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { type MarketService, stockNotFound } from './service.ts';

export const marketRoutes: FastifyPluginAsync<{ auth: Auth; market: MarketService }> = async (
  app,
  { auth, market },
) => {
  // The list is the same for every user: serialise it at most once a second, not per request.
  const stockList = new SharedJson(1_000);
  app.get('/api/stocks', { config: { access: 'user' } }, async (request, reply) => {
    await requireUser(auth, request);
    const body = await stockList.get(
      async (): Promise<StockList> => ({ stocks: await market.listStocks() }),
    );
    return reply
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol',
    { config: { access: 'user' } },
    async (request, reply): Promise<StockResponse> => {
      await requireUser(auth, request);
      const symbol = parseStockSymbol(request.params.symbol);
      if (!symbol) throw stockNotFound();
      const stock = await market.getStock(symbol);
      reply.header('cache-control', 'private, no-store');
      return { stock };
    },
  );
};
