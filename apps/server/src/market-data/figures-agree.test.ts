import {
  analysisResponseSchema,
  companyDataSchema,
  financialStatementsSchema,
  fundDataSchema,
  type HistoryRange,
  historyResponseSchema,
  stockResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app.ts';
import { testClock } from '../../test/test-clock.ts';
import { instantInNewYork } from './calendar/market-calendar.ts';
import { listedSymbols } from './reference/universe.ts';

/**
 * docs/PRODUCT.md §7.2: a figure that two screens show is computed once. For each symbol on
 * the simulated market, the stock record (the range bar), the key statistics and the
 * analysis's key figures state the same 52-week range and beta, and each chart range starts
 * where the return of the same period starts and changes by as much; a company's statements
 * (their trailing twelve months) state the key statistics' EPS, margins, growth, return on
 * equity, debt to equity and current ratio, and a fund's data its dividend yield.
 *
 * Every symbol of the universe takes a second or so (five years of bars stored, an analysis),
 * so by default the test walks every 10th symbol of the list plus those with a path of their
 * own (the tracked five, SPY itself, bond and gold funds, a share class);
 * FIGURES_EVERY_SYMBOL=true walks all of them.
 */
const own = [
  'AAPL',
  'MSFT',
  'GOOGL',
  'AMZN',
  'TSLA',
  'NVDA',
  'SPY',
  'VOO',
  'AGG',
  'TLT',
  'GLD',
  'BRK.B',
];
const symbols =
  process.env.FIGURES_EVERY_SYMBOL === 'true'
    ? listedSymbols
    : listedSymbols.filter((entry, index) => index % 10 === 0 || own.includes(entry.symbol));

const clock = testClock();
const cents = (value: number) => Math.round(value * 100) / 100;
const ranges: HistoryRange[] = ['1m', '3m', '6m', 'ytd', '1y'];

let testApp: TestApp;
let cookie: string;

async function get(url: string) {
  const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as unknown;
}

beforeAll(async () => {
  // Wednesday 2026-11-25 after the close: the quote is the day's close, the day's bar stored.
  clock.set(new Date(instantInNewYork('2026-11-25', 17 * 60)));
  testApp = await createTestApp({ clock });
  cookie = (await signUpUser(testApp.app, { plan: 'alpha' })).cookie;
});

afterAll(async () => {
  await testApp?.close();
});

describe('one figure, one source', () => {
  it(
    'gives every symbol the same range, beta and period returns on every screen',
    async () => {
      const wrong: string[] = [];
      const differ = (symbol: string, what: string, one: unknown, other: unknown) => {
        if (one !== other) wrong.push(`${symbol} ${what}: ${String(one)} vs ${String(other)}`);
      };
      for (const { symbol, type } of symbols) {
        const path = `/api/stocks/${encodeURIComponent(symbol)}`;
        const { stock } = stockResponseSchema.parse(await get(path));
        const { metrics } = companyDataSchema.parse(await get(`${path}/profile`));
        const { figures } = analysisResponseSchema.parse(await get(`${path}/analysis`));
        const range = figures.yearRange;
        differ(symbol, '52-week high (record, statistics)', stock.yearHigh, metrics.yearHigh);
        differ(symbol, '52-week low (record, statistics)', stock.yearLow, metrics.yearLow);
        differ(
          symbol,
          '52-week high (record, key figures)',
          stock.yearHigh,
          range && cents(range.high),
        );
        differ(
          symbol,
          '52-week low (record, key figures)',
          stock.yearLow,
          range && cents(range.low),
        );
        const beta = figures.benchmark.beta;
        differ(
          symbol,
          'beta (statistics, key figures)',
          metrics.beta,
          beta === null ? null : cents(beta),
        );
        if (type === 'stock') {
          const { annual } = financialStatementsSchema.parse(await get(`${path}/financials`));
          const ttm = annual[0];
          const { income, balance } = ttm ?? {};
          const ratio = (a: number | null | undefined, b: number | null | undefined, by = 1) =>
            a != null && b != null ? cents((a / b) * by) : null;
          differ(symbol, 'TTM column (statements)', ttm?.kind, 'ttm');
          differ(
            symbol,
            'EPS (statistics, statements)',
            metrics.eps,
            income?.eps && cents(income.eps),
          );
          for (const [what, statistic, statement] of [
            [
              'gross margin',
              metrics.grossMarginPercent,
              ratio(income?.grossProfit, income?.revenue, 100),
            ],
            [
              'operating margin',
              metrics.operatingMarginPercent,
              ratio(income?.operatingIncome, income?.revenue, 100),
            ],
            [
              'net margin',
              metrics.netMarginPercent,
              ratio(income?.netIncome, income?.revenue, 100),
            ],
            [
              'return on equity',
              metrics.roePercent,
              ratio(income?.netIncome, balance?.totalEquity, 100),
            ],
            [
              'debt to equity',
              metrics.debtToEquity,
              ratio(balance?.totalDebt, balance?.totalEquity),
            ],
            [
              'current ratio',
              metrics.currentRatio,
              ratio(balance?.currentAssets, balance?.currentLiabilities),
            ],
            [
              'revenue growth',
              metrics.revenueGrowthPercent,
              ttm && cents(ttm.growth.revenuePercent ?? Number.NaN),
            ],
            [
              'EPS growth',
              metrics.epsGrowthPercent,
              ttm && cents(ttm.growth.epsPercent ?? Number.NaN),
            ],
          ] as const) {
            differ(symbol, `${what} (statistics, statements)`, statistic, statement);
          }
        } else {
          const fund = fundDataSchema.parse(await get(`${path}/fund`));
          differ(
            symbol,
            'dividend yield (statistics, fund data)',
            metrics.dividendYieldPercent,
            fund.dividendYieldPercent,
          );
        }
        // A stock moves with the market: its beta is positive (a bond fund's may not be).
        if (type === 'stock' && !(beta !== null && beta > 0)) wrong.push(`${symbol} beta ${beta}`);
        for (const period of ranges) {
          const { bars } = historyResponseSchema.parse(
            await get(`${path}/history?range=${period}`),
          );
          const stated = figures.returns.find((entry) => entry.period === period);
          const first = bars[0];
          const last = bars.at(-1);
          differ(symbol, `${period} start (chart, key figures)`, first?.date, stated?.from);
          const change = first && last ? (last.close / first.close - 1) * 100 : null;
          differ(symbol, `${period} return (chart, key figures)`, change, stated?.percent);
          if (period === '1y') {
            const high = Math.max(...bars.map((bar) => bar.high));
            const low = Math.min(...bars.map((bar) => bar.low));
            differ(symbol, '52-week high (1Y chart, record)', cents(high), stock.yearHigh);
            differ(symbol, '52-week low (1Y chart, record)', cents(low), stock.yearLow);
          }
          if (period === '1m') {
            differ(symbol, '1m start (record, chart)', stock.historicalData[0]?.date, first?.date);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    symbols.length * 10_000,
  );
});
