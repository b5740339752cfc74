import { parseStockSymbol, type StockList, type StockResponse } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { type MarketService, stockNotFound } from './service.ts';

export const marketRoutes: FastifyPluginAsync<{ auth: Auth; market: MarketService }> = async (
  app,
  { auth, market },
) => {
  app.get('/api/stocks', async (request, reply): Promise<StockList> => {
    await requireUser(auth, request);
    const stocks = await market.listStocks();
    reply.header('cache-control', 'private, no-store');
    return { stocks };
  });

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol',
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
