import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import {
  type FakeFinnhubStream,
  startFakeFinnhubStream,
} from '../../../test/fake-finnhub-stream.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { Scheduler } from '../../lifecycle/scheduler.ts';
import { FinnhubTradeStream } from '../adapters/finnhub/trade-stream.ts';
import { instantInNewYork } from '../calendar/market-calendar.ts';
import { createMarketData } from '../market-data.ts';
import type { CachedQuote } from './quote-cache.ts';
import { type MarketService, realtimeViewer } from './service.ts';

const silentLog = { warn: () => {} };
/** Fails the test on a loop's failure, which the scheduler logs at error level. */
const failingLog = {
  error: ({ err }: { err: unknown }) => {
    throw err;
  },
};
/** Monday 2026-03-16, 11:00 in New York: the session runs. */
const monday11 = instantInNewYork('2026-03-16', 11 * 60);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("the server's Finnhub trade stream", () => {
  let finnhub: FakeFinnhub;
  let stream: FakeFinnhubStream;
  let market: MarketService;
  let scheduler: Scheduler;
  let now: number;

  beforeEach(async () => {
    now = monday11;
    finnhub = await startFakeFinnhub({ now: () => now });
    stream = await startFakeFinnhubStream({ apiKey: finnhub.apiKey, symbolLimit: 3 });
    market = createMarketData(
      {
        market: {
          provider: 'finnhub',
          apiKey: finnhub.apiKey,
          baseUrl: finnhub.url,
          stream: { url: stream.url, symbolLimit: 3 },
        },
      },
      database.database.db,
      silentLog,
      () => now,
    ).market;
    scheduler = new Scheduler(failingLog);
    market.start(scheduler);
  });
  afterEach(async () => {
    await scheduler.stop();
    await market.stop();
    await stream.close();
    await finnhub.close();
  });

  it('follows the symbols most in demand, within the plan limit, as demand moves', async () => {
    market.demand.want('AAPL', 'viewing', 60_000);
    market.demand.want('GOOGL', 'watchlist', 60_000);
    const releaseMsft = market.demand.hold('MSFT', 'alert');
    market.demand.want('AMZN', 'viewing', 60_000);
    market.followDemand();
    await stream.waitForSubscribed(['AAPL', 'AMZN', 'MSFT']);
    expect(stream.subscribes).toBe(3);

    // The alert is gone and a page opens TSLA: MSFT makes way, nothing else moves.
    releaseMsft();
    market.demand.want('TSLA', 'viewing', 60_000);
    market.followDemand();
    await stream.waitForSubscribed(['AAPL', 'AMZN', 'TSLA']);
    expect(stream.changes.slice(3)).toEqual(['-MSFT', '+TSLA']);

    // A watchlist symbol asked for a little more does not push out a viewed one...
    for (let ask = 0; ask < 10; ask += 1) market.demand.want('GOOGL', 'watchlist', 60_000);
    market.followDemand();
    // ...but one that many people are now looking at does, in place of the lightest.
    for (let ask = 0; ask < 3; ask += 1) market.demand.want('GOOGL', 'viewing', 60_000);
    market.followDemand();
    await stream.waitForSubscribed(['GOOGL', 'AMZN', 'TSLA']);
    expect(stream.changes.slice(5)).toEqual(['-AAPL', '+GOOGL']);

    // When demand expires, the stream lets go of everything.
    now += 61_000;
    market.followDemand();
    await stream.waitForSubscribed([]);
    expect(stream.unsubscribes).toBe(5);
  });

  it('moves prices with trades of the regular session and tells every listener', async () => {
    const heard: [string, CachedQuote][] = [];
    market.onQuote((symbol, quote) => heard.push([symbol, quote]));
    const before = await market.quoteFor(realtimeViewer, 'AAPL');
    expect(before.quote.price).toBe(189.84);
    market.followDemand();
    await stream.waitForSubscribed(['AAPL']);

    stream.trade('AAPL', 190.12, now + 500);
    await until(
      () => market.quoteFor(realtimeViewer, 'AAPL'),
      (q) => q.quote.price === 190.12,
    );
    const after = await market.quoteFor(realtimeViewer, 'AAPL');
    expect(after.quote).toMatchObject({ price: 190.12, previousClose: 187.5, tradedAt: now + 500 });

    // An after-hours trade does not move the session's price; an older trade does not either.
    stream.trade('AAPL', 195, instantInNewYork('2026-03-16', 17 * 60));
    stream.trade('AAPL', 189, now - 60_000);
    stream.trade('AAPL', 190.2, now + 900);
    await until(
      () => market.quoteFor(realtimeViewer, 'AAPL'),
      (q) => q.quote.price === 190.2,
    );
    expect(heard.map(([symbol, quote]) => [symbol, quote.price])).toEqual([
      ['AAPL', 189.84],
      ['AAPL', 190.12],
      ['AAPL', 190.2],
    ]);
  });

  it('reconnects after the stream drops, with upstream calls for its symbols meanwhile', async () => {
    await market.quoteFor(realtimeViewer, 'AAPL');
    market.followDemand();
    await stream.waitForSubscribed(['AAPL']);
    expect(market.status()).toMatchObject({ stream: 'connected', streamedSymbols: 1 });
    // Streamed, AAPL needs no upstream call for a while.
    now += 20_000;
    market.refreshDue();
    await market.settled();
    expect(finnhub.calls.quote).toBe(1);

    stream.refuseConnections(true);
    stream.dropConnections();
    await until(
      async () => market.status(),
      (status) => status.stream === 'connecting',
    );
    // While the stream is down, AAPL is refreshed by upstream calls again.
    now += 20_000;
    market.refreshDue();
    await market.settled();
    expect(finnhub.calls.quote).toBe(2);

    stream.refuseConnections(false);
    await stream.waitForConnections(2, 10_000);
    await stream.waitForSubscribed(['AAPL']);
    expect(market.status()).toMatchObject({ stream: 'connected', streamedSymbols: 1 });
    stream.trade('AAPL', 191, now);
    await until(
      () => market.quoteFor(realtimeViewer, 'AAPL'),
      (q) => q.quote.price === 191,
    );
  });
});

describe('reconnection waits', () => {
  it('double with each failure up to a ceiling, each jittered within its upper half', () => {
    const at = (random: number) =>
      new FinnhubTradeStream({
        url: 'ws://127.0.0.1:1',
        apiKey: 'k',
        symbolLimit: 50,
        log: silentLog,
        reconnectMs: 1_000,
        maxReconnectMs: 60_000,
        random: () => random,
      });
    expect([0, 1, 2, 3, 10].map((failures) => at(0).reconnectDelay(failures))).toEqual([
      500, 1_000, 2_000, 4_000, 30_000,
    ]);
    expect([0, 1, 2, 3, 10].map((failures) => at(0.999).reconnectDelay(failures))).toEqual([
      1_000, 1_999, 3_998, 7_996, 59_970,
    ]);
  });
});

/** Polls `read` until `done` holds (a trade crosses a real socket). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
