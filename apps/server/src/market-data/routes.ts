import {
  type CompanyData,
  type EtfList,
  type HistoryResponse,
  historyQuerySchema,
  type IntradayResponse,
  intradayQuerySchema,
  type MarketStatusResponse,
  type QuotesResponse,
  quotesQuerySchema,
  type StockList,
  type StockResponse,
} from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bodyEncodingOf, encodedReply } from '../http/accept-encoding.ts';
import type { BodyEncoding } from '../http/encoded-body.ts';
import { AppError, parseInput } from '../http/errors.ts';
import { EtagCache, sendWithEtag } from '../http/etag.ts';
import { SharedJson } from '../http/shared-json.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { knownSession, requireUser } from '../modules/auth/guard.ts';
import type { EntitlementService } from '../modules/entitlements/service.ts';
import type { CompanyService } from './company/service.ts';
import { historyAnswer } from './history/history-answer.ts';
import type { HistoryService } from './history/service.ts';
import { intradayAnswer } from './intraday/intraday-answer.ts';
import type { IntradayService } from './intraday/service.ts';
import type { MarketService, MarketViewer } from './quotes/service.ts';

export interface MarketRoutesOptions {
  auth: Auth;
  entitlements: EntitlementService;
  market: MarketService;
  history: HistoryService;
  intraday: IntradayService;
  company: CompanyService;
  /** The market's time (epoch ms): how long a shared list is kept is judged on it. */
  now: () => number;
}

const viewerKey = (viewer: MarketViewer) =>
  viewer.kind === 'delayed' ? `delayed:${viewer.delayMinutes}` : 'realtime';

/** Lists the same for every viewer of one plan kind, serialised at most once a second each. */
class SharedLists {
  private readonly byViewer = new Map<string, SharedJson>();

  constructor(private readonly now: () => number) {}

  /** The list for `viewer`'s plan kind while it is fresh, without waiting, in `encoding`. */
  fresh(viewer: MarketViewer, encoding: BodyEncoding | undefined): Buffer | undefined {
    return this.byViewer.get(viewerKey(viewer))?.fresh(encoding);
  }

  get(
    viewer: MarketViewer,
    load: () => Promise<unknown>,
    encoding: BodyEncoding | undefined,
  ): Promise<Buffer> {
    const key = viewerKey(viewer);
    let list = this.byViewer.get(key);
    if (!list) {
      list = new SharedJson(1_000, this.now);
      this.byViewer.set(key, list);
    }
    return list.get(load, encoding);
  }
}

const sendList = (reply: FastifyReply, body: Buffer, encoding: BodyEncoding | undefined) =>
  encodedReply(reply, encoding)
    .header('cache-control', 'private, no-store')
    .type('application/json; charset=utf-8')
    .send(body);

/**
 * Stocks, ETFs, quotes, history and company data. Every price in these answers is the one the
 * viewer's plan may see (`market.quoteFor` and `market.lastSessionFor`): a delayed plan never
 * gets a newer one, and each answer says how delayed it is.
 */
export const marketRoutes: FastifyPluginAsync<MarketRoutesOptions> = async (
  app,
  { auth, entitlements, market, history, intraday, company, now },
) => {
  const stockLists = new SharedLists(now);
  const etfLists = new SharedLists(now);
  // Serialised answers kept in memory: at most 64 MB of histories and 8 MB of profiles.
  const histories = new EtagCache(64 * 1024 * 1024);
  const profiles = new EtagCache(8 * 1024 * 1024);

  const viewerOf = async (request: FastifyRequest) =>
    entitlements.marketData(await requireUser(auth, request));

  /**
   * The stocks or ETF list for the viewer's plan. Nearly every request of a signed-in page finds
   * its session, its plan and a fresh list remembered, and is then answered without a promise
   * (each one costs a request under the async context tracking that is on in this process);
   * any of the three missing, it is read as any other route reads it.
   */
  const listRoute =
    (lists: SharedLists, load: (viewer: MarketViewer) => Promise<unknown>) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const encoding = bodyEncodingOf(request);
      const user = knownSession(auth, request)?.user;
      const viewer = user && entitlements.knownMarketData(user);
      const body = viewer && lists.fresh(viewer, encoding);
      if (body) return sendList(reply, body, encoding);
      return viewerOf(request).then(async (viewer) =>
        sendList(reply, await lists.get(viewer, () => load(viewer), encoding), encoding),
      );
    };

  // Whether the market trades now: every screen with prices names it (docs/PRODUCT.md §7.6).
  app.get(
    '/api/market/status',
    { config: { access: 'public' } },
    async (_request, reply): Promise<MarketStatusResponse> => {
      reply.header('cache-control', 'no-store');
      return { market: market.marketStatus() };
    },
  );

  app.get(
    '/api/stocks',
    { config: { access: 'user' } },
    listRoute(
      stockLists,
      async (viewer): Promise<StockList> => ({
        stocks: await market.listStocks(viewer),
      }),
    ),
  );

  app.get(
    '/api/etfs',
    { config: { access: 'user' } },
    listRoute(
      etfLists,
      async (viewer): Promise<EtfList> => ({
        etfs: await market.listEtfs(viewer),
      }),
    ),
  );

  app.get('/api/quotes', { config: { access: 'user' } }, async (request, reply) => {
    const viewer = await viewerOf(request);
    const { symbols } = parseInput(quotesQuerySchema, request.query);
    const unknown = await market.unknownSymbols(symbols);
    if (unknown.length > 0) {
      throw new AppError(
        400,
        'unknown_symbol',
        `No US stock or ETF has the symbol ${unknown.slice(0, 5).join(', ')}.`,
      );
    }
    const answer: QuotesResponse = market.quotesFor(viewer, symbols);
    return reply.header('cache-control', 'private, no-store').send(answer);
  });

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol',
    { config: { access: 'user' } },
    async (request, reply): Promise<StockResponse> => {
      const viewer = await viewerOf(request);
      const stock = await market.getStock(viewer, request.params.symbol);
      reply.header('cache-control', 'private, no-store');
      return { stock };
    },
  );

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol/history',
    { config: { access: 'user' } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const security = await market.security(request.params.symbol);
      const { range, averages } = parseInput(historyQuerySchema, request.query);
      const state = await history.state(security.symbol);
      const lastSession = market.lastSessionFor(viewer);
      const delayMinutes = viewer.kind === 'delayed' ? viewer.delayMinutes : 0;
      const answer = await histories.get(
        `${security.symbol}|${range}|${lastSession}|${delayMinutes}|${averages ?? ''}`,
        state.version,
        (): Promise<HistoryResponse> =>
          historyAnswer(history, security.symbol, range, {
            lastSession,
            delayMinutes,
            averages: averages === 'sma',
          }),
      );
      return sendWithEtag(request, reply, answer);
    },
  );

  // The chart's 1D and 5D ranges: bars that stop where the viewer's quote stands (§3.13).
  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol/intraday',
    { config: { access: 'user' } },
    async (request, reply): Promise<IntradayResponse> => {
      const viewer = await viewerOf(request);
      const security = await market.security(request.params.symbol);
      const { range } = parseInput(intradayQuerySchema, request.query);
      const delayMinutes = viewer.kind === 'delayed' ? viewer.delayMinutes : 0;
      reply.header('cache-control', 'private, no-store');
      return intradayAnswer(intraday, market, security.symbol, range, delayMinutes);
    },
  );

  app.get<{ Params: { symbol: string } }>(
    '/api/stocks/:symbol/profile',
    { config: { access: 'user' } },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      const security = await market.security(request.params.symbol);
      const lastSession = market.lastSessionFor(viewer);
      const data: CompanyData = await company.companyData(security, lastSession);
      const version = `${data.source}|${data.asOf}|${data.stale}`;
      const answer = await profiles.get(
        `${security.symbol}|${lastSession}`,
        version,
        async () => data,
      );
      return sendWithEtag(request, reply, answer);
    },
  );
};
