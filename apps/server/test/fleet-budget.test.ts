import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { fleetBudget } from '../src/market-data/upstream/fleet-budget.ts';
import { type FakeFinnhub, startFakeFinnhub } from './fake-finnhub.ts';
import {
  createTestApp,
  type SecondInstance,
  startSecondInstance,
  type TestApp,
} from './test-app.ts';

// A plan of 10 calls a minute, the whole fleet's: two instances must share it, not take 10 each.
const callsPerMinute = 10;
const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM'];

let finnhub: FakeFinnhub;
let first: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  finnhub = await startFakeFinnhub({ minuteLimit: 1_000 });
  for (const symbol of symbols) finnhub.setQuote(symbol, { c: 100, pc: 99 });
  const config: Partial<Config> = {
    market: {
      provider: 'finnhub',
      apiKey: finnhub.apiKey,
      baseUrl: finnhub.url,
      callsPerMinute,
      stream: null,
    },
  };
  first = await createTestApp({ config });
  second = await startSecondInstance(first, config);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await finnhub?.close();
});

it('spends one call budget per provider across the instances on a database', async () => {
  const instances = [first.app, second.app];
  // Every instance asks for a fresh quote of every symbol, all at once: 16 calls wanted.
  const readings = await Promise.allSettled(
    instances.flatMap((app) => symbols.map((symbol) => app.marketData.market.refreshQuote(symbol))),
  );
  // The calls refused have no quote to answer with (MarketDataUnavailable).
  expect(readings.filter((reading) => reading.status === 'fulfilled')).toHaveLength(callsPerMinute);
  expect(finnhub.calls.total).toBe(callsPerMinute);
  const used = instances.map((app) => app.marketData.market.status().callsLastMinute);
  expect(used[0]! + used[1]!).toBe(callsPerMinute);
  // Each instance alone would have had room for all of its own eight.
  expect(Math.max(...used)).toBeLessThanOrEqual(symbols.length);

  // Nothing more this minute, from either instance.
  await Promise.allSettled(instances.map((app) => app.marketData.market.refreshQuote('AAPL')));
  expect(finnhub.calls.total).toBe(callsPerMinute);
});

it('never lets the fleet make more than a limit in any window of its length, across any edge', async () => {
  // Two instances' budgets on the one database, their clocks read from `at`: 3 calls a minute and
  // 2 a second, the shape of Finnhub's limits.
  let at = Date.parse('2026-03-16T15:00:59.000Z');
  const limits = [
    { calls: 2, perMs: 1_000 },
    { calls: 3, perMs: 60_000 },
  ];
  const one = fleetBudget(first.db.database.db, 'edge', () => at);
  const two = fleetBudget(first.db.database.db, 'edge', () => at);
  expect(await one.take(limits, 0, 2)).toBe(true);
  // The second's limit is full: nothing written, the minute still has one call of room.
  expect(await two.take(limits, 0, 1)).toBe(false);
  // Still within the second of the first two calls; then a second on, the minute's last call.
  at += 999;
  expect(await two.take(limits, 0, 1)).toBe(false);
  at += 1;
  expect(await two.take(limits, 0, 2)).toBe(false);
  expect(await two.take(limits, 0, 1)).toBe(true);
  // One second and a half later a fixed minute would have started again (15:01:00); the
  // minute since the first call has not passed, so neither instance gets a call.
  at += 1_500;
  expect(await one.take(limits, 0, 1)).toBe(false);
  expect(await two.take(limits, 0, 1)).toBe(false);
  // A minute after the first two calls their room comes back, and only theirs.
  at = Date.parse('2026-03-16T15:01:59.001Z');
  expect(await two.take(limits, 0, 2)).toBe(true);
  expect(await one.take(limits, 0, 1)).toBe(false);
  // Ten takes at once from both, a minute later: never more than the limits allow.
  at += 60_000;
  const taken = await Promise.all(
    Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? one : two).take(limits, 0, 1)),
  );
  expect(taken.filter(Boolean)).toHaveLength(2);
});
