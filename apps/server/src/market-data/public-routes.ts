import {
  companyDataSchema,
  earningsResponseSchema,
  entitlementsFor,
  filingsResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  intradayQuerySchema,
  intradayResponseSchema,
  newsResponseSchema,
  quoteResponseSchema,
  stockResponseSchema,
} from '@tickerwise/shared';
import { z } from 'zod';
import { type PublicApi, publicSymbolSchema } from '../public-api/public-api.ts';
import type { CompanyService } from './company/service.ts';
import { historyAnswer } from './history/history-answer.ts';
import type { HistoryService } from './history/service.ts';
import { intradayAnswer } from './intraday/intraday-answer.ts';
import type { IntradayService } from './intraday/service.ts';
import type { MarketService, MarketViewer } from './quotes/service.ts';
import type { ResearchService } from './research/research-service.ts';

const symbolParams = z.object({
  symbol: publicSymbolSchema.meta({
    description: 'A US stock or ETF ticker, in any case: `AAPL`, `brk.b`, `SPY`.',
  }),
});

const notListed = 'No US stock or ETF we cover has this symbol.';

/** Prices as the key owner's plan sees them: a key is no way round a plan's delay. */
const viewerOf = (caller: { tier: Parameters<typeof entitlementsFor>[0] }): MarketViewer =>
  entitlementsFor(caller.tier).marketData;

const freshness =
  '`source` says where the price comes from (`simulated` is never real market data). `asOf` is the instant the price stands for: real-time for the plans with API access (`delayed` false, `delayMinutes` 0). `stale` is true when the source could not be reached and this is the last price it gave.';

export interface MarketPublicRoutesOptions {
  market: MarketService;
  history: HistoryService;
  intraday: IntradayService;
  company: CompanyService;
  research: ResearchService;
}

/**
 * Market data in the public API (docs/PRODUCT.md §3.20): the same caches and stored bars the
 * screens read, through the same services.
 */
export function marketPublicRoutes(
  api: PublicApi,
  { market, history, intraday, company, research }: MarketPublicRoutesOptions,
): void {
  api.get('/quotes/{symbol}', {
    operationId: 'getQuote',
    tag: 'Market data',
    summary: "A stock's or ETF's latest quote",
    description:
      "The price, its change against the previous close, the day's open, high, low and volume when the source reports them. Quotes are at most 15 seconds old while the source answers (the most watched symbols follow the trade stream). " +
      freshness,
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: quoteResponseSchema,
    example: {
      quote: {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        type: 'stock',
        price: 231.41,
        change: 1.27,
        previousClose: 228.52,
        open: 229.1,
        high: 232.0,
        low: 228.1,
        volume: null,
        source: 'finnhub',
        delayed: false,
        delayMinutes: 0,
        asOf: '2026-01-30T15:42:07.000Z',
        stale: false,
      },
    },
    errors: {
      404: notListed,
      503: 'The data source cannot be reached and no price was received yet.',
    },
    handler: async ({ params, caller }) => ({
      quote: await market.latestQuote(viewerOf(caller), params.symbol),
    }),
  });

  api.get('/stocks/{symbol}', {
    operationId: 'getStock',
    tag: 'Market data',
    summary: 'A stock or ETF as its page shows it',
    description:
      'The latest price and change, volume, market cap and P/E (from the company data; null when the source has none, as for a fund), the 52-week range (the lowest low and highest high of the stored daily bars since the last session on or before the same day a year earlier) and the daily closes of the past month (since the last session on or before the same day a month earlier). ' +
      freshness,
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: stockResponseSchema,
    example: {
      stock: {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        type: 'stock',
        price: 231.41,
        change: 1.27,
        volume: 48213650,
        marketCap: 3.48e12,
        yearHigh: 237.23,
        yearLow: 164.08,
        peRatio: 35.2,
        historicalData: [
          { date: '2026-01-29', price: 228.52 },
          { date: '2026-01-30', price: 231.41 },
        ],
        source: 'finnhub',
        delayed: false,
        delayMinutes: 0,
        asOf: '2026-01-30T15:42:07.000Z',
        stale: false,
      },
    },
    errors: {
      404: notListed,
      503: 'The data source cannot be reached and no price was received yet.',
    },
    handler: async ({ params, caller }) => ({
      stock: await market.getStock(viewerOf(caller), params.symbol),
    }),
  });

  api.get('/stocks/{symbol}/history', {
    operationId: 'getHistory',
    tag: 'Market data',
    summary: 'Daily bars over a range',
    description:
      'Open, high, low, close and volume of each trading day, oldest first, from the stored end-of-day history (up to five years). A range starts with the last session on or before the same day 1, 3, 6, 12 or 60 months before its last bar, so its first-to-last change is the period return the analysis states. `asOf` is the last day covered; `stale` is true when the source could not be reached and the bars may stop before the last trading day. With `averages=sma`, `averages` holds the 50- and 200-day simple moving averages of the closes on each bar (null where fewer closes are stored).',
    params: symbolParams,
    query: historyQuerySchema,
    exampleParams: { symbol: 'AAPL' },
    exampleQuery: { range: '1m' },
    response: historyResponseSchema,
    example: {
      symbol: 'AAPL',
      range: '1m',
      bars: [
        {
          date: '2026-01-29',
          open: 226.1,
          high: 229.4,
          low: 225.8,
          close: 228.52,
          volume: 51022300,
        },
        {
          date: '2026-01-30',
          open: 228.9,
          high: 232.0,
          low: 228.1,
          close: 231.41,
          volume: 48213650,
        },
      ],
      source: 'tiingo',
      asOf: '2026-01-30',
      stale: false,
      delayed: false,
      delayMinutes: 0,
    },
    errors: { 404: notListed },
    handler: async ({ params, query, caller }) => {
      const security = await market.security(params.symbol);
      const viewer = viewerOf(caller);
      return historyAnswer(history, security.symbol, query.range, {
        lastSession: market.lastSessionFor(viewer),
        delayMinutes: viewer.kind === 'delayed' ? viewer.delayMinutes : 0,
        averages: query.averages === 'sma',
      });
    },
  });

  api.get('/stocks/{symbol}/intraday', {
    operationId: 'getIntraday',
    tag: 'Market data',
    summary: 'Intraday bars of the day or the week',
    description:
      "`range=1d` (the default) is the session under way in 5-minute bars (before the opening bell and on days without a session, the last one); `range=5d` the last five sessions in 15-minute bars. Each bar's `time` is the instant it starts; the last may be under way and ends at `asOf`. Real market bars come from Tiingo's IEX prices (their volume is what traded on IEX) or Finnhub's candles and are fetched at most once a minute per symbol; simulated bars are the simulated market's own quotes (`simulated` true). `available` is false when this server's source gives no intraday bars; `stale` is true when the source could not be reached and these are the last bars it gave, up to `asOf` (with no bars kept, `bars` is empty). A plan that sees prices late gets no bar newer than its delay. `market` says whether the exchange trades now.",
    params: symbolParams,
    query: intradayQuerySchema,
    exampleParams: { symbol: 'AAPL' },
    exampleQuery: { range: '1d' },
    response: intradayResponseSchema,
    example: {
      symbol: 'AAPL',
      range: '1d',
      intervalMinutes: 5,
      bars: [
        {
          time: '2026-01-30T14:30:00.000Z',
          open: 229.1,
          high: 229.84,
          low: 228.95,
          close: 229.62,
          volume: 41_250,
        },
        {
          time: '2026-01-30T14:35:00.000Z',
          open: 229.62,
          high: 230.11,
          low: 229.4,
          close: 230.02,
          volume: 28_930,
        },
      ],
      sessions: ['2026-01-30'],
      source: 'tiingo',
      simulated: false,
      available: true,
      asOf: '2026-01-30T14:38:12.000Z',
      stale: false,
      delayed: false,
      delayMinutes: 0,
      market: {
        state: 'open',
        asOf: '2026-01-30T14:38:12.000Z',
        session: '2026-01-30',
        closesAt: '2026-01-30T21:00:00.000Z',
        nextOpen: '2026-02-02T14:30:00.000Z',
      },
    },
    errors: { 404: notListed },
    handler: async ({ params, query, caller }) => {
      const security = await market.security(params.symbol);
      const viewer = viewerOf(caller);
      const delayMinutes = viewer.kind === 'delayed' ? viewer.delayMinutes : 0;
      return intradayAnswer(intraday, market, security.symbol, query.range, delayMinutes);
    },
  });

  api.get('/stocks/{symbol}/company', {
    operationId: 'getCompany',
    tag: 'Market data',
    summary: 'Company profile and key statistics',
    description:
      'Who the company (or fund) is and its key ratios, each null when the source does not have it. `asOf` is the day the figures were taken; `stale` is true when the source could not be reached today.',
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: companyDataSchema,
    example: {
      profile: {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        type: 'stock',
        exchange: 'NASDAQ',
        sector: 'Information Technology',
        industry: 'Technology Hardware, Storage & Peripherals',
        country: 'US',
        currency: 'USD',
        website: 'https://www.apple.com',
        ipoDate: '1980-12-12',
        sharesOutstanding: 15022073000,
      },
      metrics: {
        marketCap: 3.48e12,
        peRatio: 35.2,
        pbRatio: 52.1,
        psRatio: 8.9,
        eps: 6.57,
        dividendYieldPercent: 0.44,
        payoutRatioPercent: 15.2,
        beta: 1.24,
        yearHigh: 237.23,
        yearLow: 164.08,
        grossMarginPercent: 46.2,
        operatingMarginPercent: 31.5,
        netMarginPercent: 24.3,
        roePercent: 160.6,
        revenueGrowthPercent: 2.0,
        epsGrowthPercent: 10.9,
        revenueGrowth5yPercent: 8.5,
        debtToEquity: 1.87,
        currentRatio: 0.95,
      },
      source: 'finnhub',
      asOf: '2026-01-30',
      stale: false,
    },
    errors: { 404: notListed },
    handler: async ({ params, caller }) =>
      company.companyData(
        await market.security(params.symbol),
        market.lastSessionFor(viewerOf(caller)),
      ),
  });

  const provenance =
    '`source` names where it came from and `asOf` when it was last fetched; `status` is `ok`, `stale` (the source could not be reached and these are the figures of `asOf`), `unavailable` (nothing kept) or `not_offered` (this server has no such source, or the security has none), with `message` saying why. A failing source never makes this call fail.';

  api.get('/stocks/{symbol}/news', {
    operationId: 'getNews',
    tag: 'Market data',
    summary: "A stock's company news of the last week",
    description: `Headlines about the company from Finnhub's company news, newest first, at most 20, with the publisher, the time and the link. Fetched at most once an hour per symbol. ${provenance}`,
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: newsResponseSchema,
    example: {
      symbol: 'AAPL',
      source: 'finnhub',
      asOf: '2026-01-30T15:02:11.000Z',
      status: 'ok',
      message: null,
      items: [
        {
          headline: 'Apple shares rise after product event',
          summary: 'The company showed its new devices on Tuesday.',
          publisher: 'Reuters',
          url: 'https://www.reuters.com/technology/apple-shares-rise',
          publishedAt: '2026-01-30T13:45:00.000Z',
        },
      ],
    },
    errors: { 404: notListed },
    handler: async ({ params }) => research.news(await market.security(params.symbol)),
  });

  api.get('/stocks/{symbol}/earnings', {
    operationId: 'getEarnings',
    tag: 'Market data',
    summary: "A stock's next earnings report and past results",
    description: `The next scheduled report within 90 days (with the estimate) and past quarters with the estimated and actual earnings per share and the surprise, from Finnhub's earnings calendar and earnings surprises. Fetched at most every six hours per symbol. ${provenance}`,
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: earningsResponseSchema,
    example: {
      symbol: 'AAPL',
      source: 'finnhub',
      asOf: '2026-01-30T15:02:11.000Z',
      status: 'ok',
      message: null,
      next: {
        date: '2026-04-30',
        hour: 'amc',
        quarter: 2,
        year: 2026,
        epsEstimate: 1.62,
        revenueEstimate: 94_500_000_000,
      },
      history: [
        {
          period: '2025-12-31',
          quarter: 1,
          year: 2026,
          epsActual: 2.4,
          epsEstimate: 2.35,
          surprise: 0.05,
          surprisePercent: 2.1277,
        },
      ],
    },
    errors: { 404: notListed },
    handler: async ({ params }) => research.earnings(await market.security(params.symbol)),
  });

  api.get('/stocks/{symbol}/filings', {
    operationId: 'getFilings',
    tag: 'Market data',
    summary: "A company's latest SEC filings",
    description: `The latest 10-K, 10-Q and 8-K filings from the SEC's EDGAR system, newest first, at most 20, each with its main document on www.sec.gov. Fetched at most once an hour per symbol. ${provenance}`,
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: filingsResponseSchema,
    example: {
      symbol: 'AAPL',
      source: 'sec_edgar',
      asOf: '2026-01-30T15:02:11.000Z',
      status: 'ok',
      message: null,
      cik: '0000320193',
      items: [
        {
          form: '10-Q',
          filedOn: '2026-01-30',
          reportDate: '2025-12-27',
          accessionNumber: '0000320193-26-000006',
          description: '10-Q',
          url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019326000006/aapl-20251227.htm',
        },
      ],
    },
    errors: { 404: notListed },
    handler: async ({ params }) => research.filings(await market.security(params.symbol)),
  });
}
