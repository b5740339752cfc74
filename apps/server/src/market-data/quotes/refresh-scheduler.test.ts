import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { instantInNewYork } from '../calendar/market-calendar.ts';
import { createMarketData } from '../market-data.ts';
import { listedSymbols } from '../reference/universe.ts';
import { firstQuoteShare, waitingShare } from './refresh-scheduler.ts';
import { type DemandReason, type MarketService, realtimeViewer } from './service.ts';

const silentLog = { warn: () => {} };
/** Monday 2026-03-16, 10:00 in New York. */
const start = instantInNewYork('2026-03-16', 10 * 60);
const symbols = listedSymbols.map((listed) => listed.symbol);
/** Scheduled calls a minute on the free key: 60 less the share kept for waiting users. */
const scheduledPerMinute = 60 * (1 - waitingShare);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('quote refreshes scheduled by demand, on a free Finnhub key', () => {
  let finnhub: FakeFinnhub;
  let market: MarketService;
  let now: number;

  beforeEach(async () => {
    now = start;
    finnhub = await startFakeFinnhub({ now: () => now });
    for (const symbol of symbols) finnhub.setQuote(symbol, { c: 50, pc: 49 });
    market = createMarketData(
      {
        market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
      },
      database.database.db,
      silentLog,
      () => now,
    ).market;
  });
  afterEach(() => finnhub.close());

  /** Runs the scheduler for `ms` of market time, four rounds a second, with `each` per round. */
  async function run(ms: number, each: (round: number) => Promise<void> | void = () => {}) {
    for (let round = 0; round * 250 < ms; round += 1) {
      now += 250;
      await each(round);
      market.refreshDue();
      await market.settled();
    }
  }

  it('never goes over 60 calls a minute or 30 a second, whatever the demand', async () => {
    // 500 symbols on screens at once, and every second 20 people open a symbol nobody has
    // fetched yet (they wait for it, so those calls come from the whole budget).
    for (const symbol of symbols.slice(0, 500)) market.demand.want(symbol, 'viewing', 3_600_000);
    let opened = 0;
    await run(5 * 60_000, async (round) => {
      if (round % 4 !== 0) return;
      const newcomers = Array.from(
        { length: 20 },
        () => `Q${(opened++).toString(36).toUpperCase()}`,
      );
      await Promise.all(
        newcomers.map((symbol) => market.quoteFor(realtimeViewer, symbol).catch(() => undefined)),
      );
    });
    expect(finnhub.calls.rateLimited).toBe(0);
    expect(finnhub.maxCallsWithin(60_000)).toBeLessThanOrEqual(60);
    expect(finnhub.maxCallsWithin(1_000)).toBeLessThanOrEqual(30);
    // ...and the budget is used, not left idle: 5 minutes of 60 calls.
    expect(finnhub.calls.quote).toBeGreaterThanOrEqual(280);
    expect(market.status()).toMatchObject({ callsPerMinute: 60, stream: 'off' });
    expect(market.status().callsLastMinute).toBeLessThanOrEqual(60);
  });

  it('keeps what users look at freshest, then alerts and holdings, then the rest', async () => {
    const classes: Record<string, DemandReason> = {};
    const groups: [DemandReason, string[]][] = [
      ['viewing', symbols.slice(0, 20)],
      ['alert', symbols.slice(20, 30)],
      ['holding', symbols.slice(30, 40)],
      ['watchlist', symbols.slice(40, 60)],
    ];
    for (const [reason, group] of groups) {
      for (const symbol of group) {
        classes[symbol] = reason;
        if (reason === 'viewing') continue;
        market.demand.hold(symbol, reason);
      }
    }
    // When each symbol last got a quote, as the hook every quote goes through tells it.
    const lastQuote = new Map<string, number>();
    market.onQuote((symbol, quote) => lastQuote.set(symbol, quote.fetchedAt));
    const ages: Record<DemandReason, number[]> = {
      viewing: [],
      alert: [],
      holding: [],
      watchlist: [],
      other: [],
    };
    await run(15 * 60_000, async (round) => {
      // Pages poll every minute; a page's read never waits once a quote exists.
      if (round % 240 === 0) {
        for (const symbol of groups[0]![1]) await market.quoteFor(realtimeViewer, symbol);
      }
      // Sampled every 5 s after a 5-minute warm-up.
      if (round < 1_200 || round % 20 !== 0) return;
      for (const [symbol, reason] of Object.entries(classes)) {
        ages[reason].push(now - (lastQuote.get(symbol) ?? start));
      }
    });
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    const viewing = mean(ages.viewing);
    const alerts = mean([...ages.alert, ...ages.holding]);
    const rest = mean(ages.watchlist);
    expect(viewing).toBeLessThan(alerts);
    expect(alerts).toBeLessThan(rest);
    // Nothing demanded waits forever: 60 symbols share 45 calls a minute, and the least
    // wanted still get one every few minutes.
    expect(Math.max(...ages.watchlist)).toBeLessThan(10 * 60_000);
    expect(finnhub.maxCallsWithin(60_000)).toBeLessThanOrEqual(60);
  });

  /** When each symbol took in each of its quotes, as the hook every quote goes through tells. */
  function quoteTimes(): Map<string, number[]> {
    const times = new Map<string, number[]>();
    market.onQuote((symbol, quote) => {
      const list = times.get(symbol) ?? [];
      list.push(quote.fetchedAt);
      times.set(symbol, list);
    });
    return times;
  }

  it('after a cold start, refreshes the most demanded symbol again long before every symbol has a first quote', async () => {
    // A restart: 450 symbols on one watchlist each, nothing cached, and one symbol on screen.
    const top = 'AAPL';
    const tail = symbols.filter((symbol) => symbol !== top).slice(0, 450);
    market.demand.stand('watchlist', new Map(tail.map((symbol) => [symbol, 1])));
    market.demand.hold(top, 'viewing');
    const times = quoteTimes();
    await run(4 * 60_000);
    // 450 first quotes take 10 minutes of the whole scheduled pace: the long tail is still
    // being fetched...
    const priced = tail.filter((symbol) => times.has(symbol)).length;
    expect(priced).toBeGreaterThan(100);
    expect(priced).toBeLessThan(tail.length);
    // ...while the symbol on screen was fetched first and refreshed again and again.
    const topTimes = times.get(top) ?? [];
    expect(topTimes.length).toBeGreaterThanOrEqual(8);
    expect(topTimes[0]! - start).toBeLessThanOrEqual(1_000);
    expect(topTimes[1]! - topTimes[0]!).toBeLessThanOrEqual(30_000);
    expect(now - topTimes.at(-1)!).toBeLessThanOrEqual(30_000);
    expect(finnhub.calls.rateLimited).toBe(0);
    expect(finnhub.maxCallsWithin(60_000)).toBeLessThanOrEqual(60);
    expect(finnhub.maxCallsWithin(1_000)).toBeLessThanOrEqual(30);
  });

  it('gives every symbol demanded at once its first quote within n / (share x pace)', async () => {
    // 500 symbols with weights from a few watchlists to hundreds, and 20 on screens.
    const wanted = symbols.slice(0, 500);
    market.demand.stand(
      'watchlist',
      new Map(wanted.map((symbol, rank) => [symbol, Math.ceil(500 / (rank + 1))])),
    );
    const released = wanted.slice(0, 20).map((symbol) => market.demand.hold(symbol, 'viewing'));
    const times = quoteTimes();
    const boundMs = (wanted.length / (firstQuoteShare * scheduledPerMinute)) * 60_000;
    expect(boundMs).toBeLessThan(17 * 60_000);
    let allPricedAt: number | undefined;
    await run(boundMs + 60_000, () => {
      if (allPricedAt === undefined && wanted.every((symbol) => times.has(symbol))) {
        allPricedAt = now;
      }
    });
    expect(allPricedAt).toBeDefined();
    expect(allPricedAt! - start).toBeLessThanOrEqual(boundMs);
    // The symbols on screen were refreshed meanwhile, at least every 5 minutes (they once
    // waited for every other symbol's first quote, 11 minutes at this pace).
    for (const symbol of wanted.slice(0, 20)) {
      const gaps = (times.get(symbol) ?? []).map((time, index, all) =>
        index === 0 ? time - start : time - all[index - 1]!,
      );
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5 * 60_000);
    }
    for (const release of released) release();
    expect(finnhub.calls.rateLimited).toBe(0);
    expect(finnhub.maxCallsWithin(60_000)).toBeLessThanOrEqual(60);
    expect(finnhub.maxCallsWithin(1_000)).toBeLessThanOrEqual(30);
  });

  it('fetches a symbol nobody has fetched yet before refreshing any other', async () => {
    for (const symbol of symbols.slice(0, 10)) {
      await market.quoteFor(realtimeViewer, symbol);
    }
    await run(60_000);
    const before = finnhub.calls.quote;
    market.demand.want('ZTS', 'watchlist', 60_000);
    now += 2_000;
    expect(market.refreshDue()).toBeGreaterThanOrEqual(1);
    await market.settled();
    expect(finnhub.calls.quote).toBeGreaterThan(before);
    expect(market.status().stalestDemandedQuoteSeconds).toBeLessThanOrEqual(60);
    expect((await market.quoteFor(realtimeViewer, 'ZTS')).quote.fetchedAt).toBe(now);
  });
});
