import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
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
