import { entitlementsFor, type MarketDataAccess } from '@tickerwise/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig, testDeps } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { buildApp } from '../../app.ts';
import { dailyBars } from '../../db/schema/index.ts';
import { instantInNewYork } from '../../market-data/index.ts';

/**
 * docs/decisions/0066: a symbol whose whole history the history service stores has its
 * screener rows read on the bars it hands over, as they are stored, with no read of them
 * back, and those rows are the ones a read from the database gives.
 */

const clock = testClock();
const statements: { statement: string; params: readonly unknown[] }[] = [];
let testApp: TestApp;
/** What another instance reads, from the database only. */
let other: FastifyInstance;

const pro = entitlementsFor('pro').marketData;
const free = entitlementsFor('free').marketData;
// Five past the close: Pro's rows are read through today, Free's (15 minutes late) yesterday.
const today = '2026-11-25';
const yesterday = '2026-11-24';

/**
 * Reads of more than one stored bar of `symbol`: a row's bars, or SPY's as the benchmark (the
 * simulated company figures read one).
 */
const barReads = (symbol: string) =>
  statements.filter(
    ({ statement, params }) =>
      /^select .* from "daily_bars" .* limit \$\d+$/.test(statement) &&
      params[0] === symbol &&
      Number(params.at(-1)) > 1,
  ).length;

function rowOf(app: FastifyInstance, viewer: MarketDataAccess, symbol: string) {
  const { rows, closesAsOf } = app.screener.table.rowsFor(viewer);
  const row = rows.find((entry) => entry.symbol === symbol)!;
  // The price and change are the instance's quotes; the rest is read on the stored bars.
  const { price: _price, change: _change, quoted: _quoted, ...read } = row;
  return { closesAsOf, ...read };
}

/** A refresh, with how many rows it read and how often it read `symbol`'s bars. */
async function refresh(symbol: string): Promise<{ computed: number; reads: number }> {
  const { table } = testApp.app.screener;
  const [computed, reads] = [table.computed, barReads(symbol)];
  await testApp.app.screener.refresh();
  return { computed: table.computed - computed, reads: barReads(symbol) - reads };
}

beforeAll(async () => {
  clock.set(new Date(instantInNewYork(today, 16 * 60 + 5)));
  testApp = await createTestApp({
    clock,
    onQuery: (statement, params) => statements.push({ statement, params }),
  });
  other = await buildApp(testConfig(), testDeps({ database: testApp.db.database, clock }));
  await other.ready();
  // The days' tables, with no history stored yet.
  await testApp.app.screener.refresh();
}, 60_000);

afterAll(async () => {
  await other?.close();
  await testApp?.close();
});

/** Rows are read paced to a tenth of the event loop: seconds each on a loaded machine. */
const paced = 120_000;

describe("the screener's rows of a newly stored history", () => {
  it(
    'are read on the bars the history service stores, not read back, for each plan',
    async () => {
      const { table } = testApp.app.screener;
      const { history } = testApp.app.marketData;
      // A refresh with nothing stored reads SPY's bars of each day, and no row.
      expect(await refresh('SPY')).toEqual({ computed: 0, reads: 2 });
      expect(rowOf(testApp.app, pro, 'AAPL').return1y).toBeNull();

      /** Stores a symbol's history: the rows read and the reads of its bars until all is read. */
      const store = async (symbol: string) => {
        const [computed, reads] = [table.computed, barReads(symbol)];
        await history.state(symbol);
        await table.settled();
        return { computed: table.computed - computed, reads: barReads(symbol) - reads };
      };
      // One row per day (Pro's and Free's), read with no read of the bars just stored.
      expect(await store('AAPL')).toEqual({ computed: 2, reads: 0 });
      // SPY's bars are the benchmark: AAPL's rows, read before there were any, are read again
      // at once, not at the next refresh.
      const appleReads = barReads('AAPL');
      expect(await store('SPY')).toEqual({ computed: 4, reads: 0 });
      expect(barReads('AAPL') - appleReads).toBe(2);
      expect(await store('JPM')).toEqual({ computed: 2, reads: 0 });
      for (const symbol of ['SPY', 'AAPL', 'JPM']) {
        expect(rowOf(testApp.app, pro, symbol).return1y, symbol).toEqual(expect.any(Number));
        expect(rowOf(testApp.app, free, symbol).return1y, symbol).toEqual(expect.any(Number));
      }
      expect(rowOf(testApp.app, pro, 'AAPL').closesAsOf).toBe(today);
      expect(rowOf(testApp.app, free, 'AAPL').closesAsOf).toBe(yesterday);
      expect(rowOf(testApp.app, pro, 'AAPL').rating).not.toBeNull();

      // The next refresh finds them read: it reads no row and no bars but SPY's as the benchmark.
      expect(await refresh('AAPL')).toEqual({ computed: 0, reads: 0 });
      expect(await refresh('SPY')).toEqual({ computed: 0, reads: 2 });
    },
    paced,
  );

  it(
    'are the rows a read from the database gives',
    async () => {
      await other.screener.refresh();
      for (const symbol of ['SPY', 'AAPL', 'JPM']) {
        for (const viewer of [pro, free]) {
          expect(rowOf(testApp.app, viewer, symbol), symbol).toEqual(rowOf(other, viewer, symbol));
        }
      }
    },
    paced,
  );

  it(
    'are left to the refresh when other bars stand beside the stored ones',
    async () => {
      const { table } = testApp.app.screener;
      // A bar stored before the history, on a day the history does not reach.
      await testApp.db.database.db.insert(dailyBars).values({
        symbol: 'KO',
        date: '2015-06-01',
        open: 40,
        high: 41,
        low: 39,
        close: 40.5,
        volume: 1_000,
        source: 'finnhub',
      });
      const computed = table.computed;
      await testApp.app.marketData.history.state('KO');
      await table.settled();
      expect(table.computed).toBe(computed);
      expect(rowOf(testApp.app, pro, 'KO').return1y).toBeNull();
      // The refresh reads them all, as another instance does.
      expect(await refresh('KO')).toEqual({ computed: 2, reads: 2 });
      await other.screener.refresh();
      expect(rowOf(testApp.app, pro, 'KO').return1y).toEqual(expect.any(Number));
      expect(rowOf(testApp.app, pro, 'KO')).toEqual(rowOf(other, pro, 'KO'));
    },
    paced,
  );
});
