import {
  type CompanyData,
  type EtfList,
  type HistoryResponse,
  historyQuerySchema,
  type StockList,
  type StockResponse,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import { EtagCache, sendWithEtag } from '../../http/etag.ts';
import { SharedJson } from '../../http/shared-json.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { HistoryService } from '../history/service.ts';
import type { CompanyService } from './company-service.ts';
import { historyAnswer } from './history-answer.ts';
import type { MarketService } from './service.ts';

export interface MarketRoutesOptions {
  auth: Auth;
  market: MarketService;
  history: HistoryService;
  company: CompanyService;
}

export const marketRoutes: FastifyPluginAsync<MarketRoutesOptions> = async (
  app,
  { auth, market, history, company },
) => {
  // The lists are the same for every user: serialise each at most once a second.
  const stockList = new SharedJson(1_000);
  const etfList = new SharedJson(1_000);
  // Serialised answers kept in memory: at most 64 MB of histories and 8 MB of profiles.
  const histories = new EtagCache(64 * 1024 * 1024);
  const profiles = new EtagCache(8 * 1024 * 1024);

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

  app.get('/api/etfs', { config: { access: 'user' } }, async (request, reply) => {
    await requireUser(auth, request);
    const body = await etfList.get(
      async (): Promise<EtfList> => ({ etfs: await market.listEtfs() }),
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
      const stock = await market.getStock(request.params.symbol);
      reply.header('cache-control', 'private, no-store');
      return { stock };
    },
  );

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol/history',
    { config: { access: 'user' } },
    async (request, reply) => {
      await requireUser(auth, request);
      const security = await market.security(request.params.symbol);
      const { range } = parseInput(historyQuerySchema, request.query);
      const state = await history.state(security.symbol);
      const { body, etag } = await histories.get(
        `${security.symbol}|${range}`,
        state.version,
        (): Promise<HistoryResponse> => historyAnswer(history, security.symbol, range),
      );
      return sendWithEtag(request, reply, body, etag);
    },
  );

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol/profile',
    { config: { access: 'user' } },
    async (request, reply) => {
      await requireUser(auth, request);
      const security = await market.security(request.params.symbol);
      const data: CompanyData = await company.companyData(security);
      const version = `${data.source}|${data.asOf}|${data.stale}`;
      const { body, etag } = await profiles.get(security.symbol, version, async () => data);
      return sendWithEtag(request, reply, body, etag);
    },
  );
};
