import {
  companyDataSchema,
  entitlementsFor,
  historyQuerySchema,
  historyResponseSchema,
  quoteResponseSchema,
  stockResponseSchema,
} from '@tickerwise/shared';
import { z } from 'zod';
import { type PublicApi, publicSymbolSchema } from '../public-api/public-api.ts';
import type { CompanyService } from './company/service.ts';
import { historyAnswer } from './history/history-answer.ts';
import type { HistoryService } from './history/service.ts';
import type { MarketService, MarketViewer } from './quotes/service.ts';

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
  company: CompanyService;
}

/**
 * Market data in the public API (docs/PRODUCT.md §3.20): the same caches and stored bars the
 * screens read, through the same services.
 */
export function marketPublicRoutes(
  api: PublicApi,
  { market, history, company }: MarketPublicRoutesOptions,
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
      'Open, high, low, close and volume of each trading day, oldest first, from the stored end-of-day history (up to five years). A range starts with the last session on or before the same day 1, 3, 6, 12 or 60 months before its last bar, so its first-to-last change is the period return the analysis states. `asOf` is the last day covered; `stale` is true when the source could not be reached and the bars may stop before the last trading day.',
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
      });
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
}
