import {
  holdingsResponseSchema,
  type Portfolio,
  performanceQuerySchema,
  performanceResponseSchema,
  portfolioListSchema,
  portfolioResponseSchema,
  portfolioSummarySchema,
  type Transaction,
  transactionPageQuerySchema,
  transactionPageSchema,
} from '@tickerwise/shared';
import { z } from 'zod';
import type { PublicApi } from '../../public-api/public-api.ts';
import type { PortfolioService } from './service.ts';

const portfolioParams = z.object({
  portfolioId: z
    .string()
    .max(100)
    .meta({ description: 'The portfolio id (from `listPortfolios`)' }),
});
/** Stands for a portfolio of the key's owner; the tests call the routes with one of theirs. */
const examplePortfolioId = '6f1c2a7e-3b1d-4e55-9a8c-2f0d7b9e4c11';
const notYours = 'You have no portfolio with this id.';

const examplePortfolio: Portfolio = {
  id: examplePortfolioId,
  name: 'Long term',
  kind: 'real',
  createdAt: '2025-03-02T09:15:00.000Z',
  transactionCount: 3,
  shared: null,
};

const exampleBuy: Transaction = {
  id: '0b9f7c1e-2d44-4a4f-8e0a-5c3b1d2e6f70',
  portfolioId: examplePortfolioId,
  kind: 'buy',
  date: '2025-03-03',
  symbol: 'AAPL',
  quantity: '10',
  price: '180.5',
  amount: null,
  fees: '1',
  splitTo: null,
  splitFrom: null,
  note: null,
  cashEffect: '-1806',
  createdAt: '2025-03-03T14:02:11.000Z',
  enteredBy: 'Ada Lovelace',
};

const pricesNote = {
  description:
    '`prices` says where the prices behind the figures come from (`simulated` is never real market data) and as of when; `delayed` is true when a source could not be reached and its last price was used.',
};

/**
 * The key owner's portfolios in the public API (docs/PRODUCT.md §3.20): what the Portfolio
 * screen shows, through the same service (another user's portfolio answers 404).
 */
export function portfolioPublicRoutes(
  api: PublicApi,
  { portfolios }: { portfolios: PortfolioService },
): void {
  api.get('/portfolios', {
    operationId: 'listPortfolios',
    tag: 'Portfolios',
    summary: 'Your portfolios',
    description:
      'Each portfolio with its number of transactions, and how many your plan allows. `kind` is `practice` for the practice portfolio (practice cash, outside the plan’s limit and every total). Your team’s portfolios are listed too, with `shared` saying so (the team, your role in it, whether the team is read-only and whether you made it); `shared` is null for your own. Team portfolios are outside your totals.',
    response: portfolioListSchema,
    example: { portfolios: [examplePortfolio], allowed: 10 },
    handler: ({ caller }) => portfolios.list(caller.userId),
  });

  api.get('/portfolios/summary', {
    operationId: 'getPortfolioSummary',
    tag: 'Portfolios',
    summary: 'All your portfolios added up',
    description: `Total value, cash, day change and total gain over every real portfolio (never the practice portfolio), as the dashboard home shows them. Money is exact decimal text rounded to the cent; ratios are numbers (0.0123 is 1.23 %). Every total is the sum of the figures shown to the cent, and \`holdings\` lists what they add up. ${pricesNote.description}`,
    response: portfolioSummarySchema,
    example: {
      portfolioCount: 1,
      transactionCount: 3,
      totalValue: '2514.10',
      marketValue: '2314.10',
      cash: '200.00',
      dayChange: '12.70',
      dayChangeRatio: 0.0051,
      totalGain: '508.10',
      prices: { sources: ['finnhub'], asOf: '2026-01-30T15:42:07.000Z', delayed: false },
      netContributions: '2006.00',
      holdings: [
        {
          symbol: 'AAPL',
          quantity: '10',
          marketValue: '2314.10',
          asOf: '2026-01-30T15:42:07.000Z',
          dayBase: '2301.40',
        },
      ],
    },
    handler: ({ caller }) => portfolios.summary(caller.userId),
  });

  api.get('/portfolios/{portfolioId}', {
    operationId: 'getPortfolio',
    tag: 'Portfolios',
    summary: 'One of your portfolios',
    params: portfolioParams,
    exampleParams: { portfolioId: examplePortfolioId },
    response: portfolioResponseSchema,
    example: { portfolio: examplePortfolio },
    errors: { 404: notYours },
    handler: async ({ caller, params }) => ({
      portfolio: await portfolios.get(caller.userId, params.portfolioId),
    }),
  });

  api.get('/portfolios/{portfolioId}/holdings', {
    operationId: 'getHoldings',
    tag: 'Portfolios',
    summary: 'Holdings, totals and allocation',
    description: `What the portfolio holds now, from its ledger (first in, first out) at the latest prices: quantity, average cost, market value, day change, unrealised and realised gains, dividends and fees per symbol; closed positions; totals with cash; allocation by holding, sector and type. ${pricesNote.description}`,
    params: portfolioParams,
    exampleParams: { portfolioId: examplePortfolioId },
    response: holdingsResponseSchema,
    example: {
      portfolio: examplePortfolio,
      holdings: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          type: 'stock',
          sector: 'Information Technology',
          quantity: '10',
          averageCost: '180.60',
          costBasis: '1806.00',
          price: '231.41',
          previousClose: '228.52',
          marketValue: '2314.10',
          dayChange: '28.90',
          dayChangeRatio: 0.0126,
          unrealisedGain: '508.10',
          unrealisedGainRatio: 0.2813,
          realisedGain: '0.00',
          dividends: '0.00',
          fees: '1.00',
          weight: 0.9204,
          priceSource: { source: 'finnhub', asOf: '2026-01-30T15:42:07.000Z', delayed: false },
          dayBase: '2285.20',
        },
      ],
      closed: [],
      totals: {
        marketValue: '2314.10',
        cash: '200.00',
        totalValue: '2514.10',
        costBasis: '1806.00',
        unrealisedGain: '508.10',
        realisedGain: '0.00',
        dividends: '0.00',
        fees: '1.00',
        deposits: '2006.00',
        withdrawals: '0.00',
        outsideFunding: '0.00',
        netContributions: '2006.00',
        totalGain: '508.10',
        totalGainRatio: 0.2533,
        dayChange: '28.90',
        dayChangeRatio: 0.0116,
      },
      allocation: {
        byHolding: [
          { key: 'AAPL', label: 'AAPL', value: '2314.10', weight: 0.9204 },
          { key: 'cash', label: 'Cash', value: '200.00', weight: 0.0796 },
        ],
        bySector: [
          {
            key: 'Information Technology',
            label: 'Information Technology',
            value: '2314.10',
            weight: 0.9204,
          },
          { key: 'cash', label: 'Cash', value: '200.00', weight: 0.0796 },
        ],
        byType: [
          { key: 'stock', label: 'Stocks', value: '2314.10', weight: 0.9204 },
          { key: 'cash', label: 'Cash', value: '200.00', weight: 0.0796 },
        ],
      },
      prices: { sources: ['finnhub'], asOf: '2026-01-30T15:42:07.000Z', delayed: false },
    },
    errors: { 404: notYours },
    handler: ({ caller, params }) => portfolios.holdings(caller.userId, params.portfolioId),
  });

  api.get('/portfolios/{portfolioId}/transactions', {
    operationId: 'listTransactions',
    tag: 'Portfolios',
    summary: "A portfolio's transactions, newest first",
    description:
      "A page at a time: pass the answer's `next` as `before` for the older page (`next` is null on the last one). Quantities, prices and amounts are exact decimal text as entered; `cashEffect` is the cash the transaction moved.",
    params: portfolioParams,
    query: transactionPageQuerySchema,
    exampleParams: { portfolioId: examplePortfolioId },
    exampleQuery: { limit: 50 },
    response: transactionPageSchema,
    example: { transactions: [exampleBuy], next: null, total: 1 },
    errors: { 404: notYours, 400: 'The `before` cursor or the `limit` is not valid.' },
    handler: ({ caller, params, query }) =>
      portfolios.transactions(caller.userId, params.portfolioId, query),
  });

  api.get('/portfolios/{portfolioId}/performance', {
    operationId: 'getPerformance',
    tag: 'Portfolios',
    summary: "A portfolio's performance over a range",
    description:
      "The value at each day's close with the time-weighted return since the range began, against the benchmark (SPY); the range's gain, time- and money-weighted returns. Ratios are numbers (0.0123 is 1.23 %). `closes` says where the daily closes come from and the last day they cover.",
    params: portfolioParams,
    query: performanceQuerySchema,
    exampleParams: { portfolioId: examplePortfolioId },
    exampleQuery: { range: '1m' },
    response: performanceResponseSchema,
    example: {
      range: '1m',
      from: '2025-12-31',
      to: '2026-01-30',
      points: [
        { date: '2025-12-31', value: 2401.3, return: 0, benchmark: 0 },
        { date: '2026-01-30', value: 2514.1, return: 0.047, benchmark: 0.021 },
      ],
      startValue: '2401.30',
      endValue: '2514.10',
      netFlows: '0.00',
      gain: '112.80',
      timeWeightedReturn: 0.047,
      moneyWeightedReturn: 0.047,
      moneyWeightedAnnualised: null,
      benchmark: { symbol: 'SPY', return: 0.021 },
      closes: { sources: ['tiingo'], asOf: '2026-01-30', stale: false, missing: [] },
    },
    errors: { 404: notYours, 400: 'The range is not one of 1m, 3m, ytd, 1y, all.' },
    handler: ({ caller, params, query }) =>
      portfolios.performance(caller.userId, params.portfolioId, query.range),
  });
}
