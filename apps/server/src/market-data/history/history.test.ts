import { count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTiingo, startFakeTiingo } from '../../../test/fake-tiingo.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { barCoverage, dailyBars, jobs } from '../../db/schema/index.ts';
import { createTiingoBars } from '../adapters/tiingo/daily-bars.ts';
import { instantInNewYork, tradingDaysBetween } from '../calendar/market-calendar.ts';
import { CallBudget } from '../upstream/call-budget.ts';
import { UpstreamError } from '../upstream/upstream.ts';
import { HistoryService } from './service.ts';

const silentLog = { warn: () => {} };
const signal = () => AbortSignal.timeout(2_000);

describe('the Tiingo provider against its fake', () => {
  let tiingo: FakeTiingo;
  beforeEach(async () => {
    tiingo = await startFakeTiingo();
  });
  afterEach(() => tiingo.close());

  const provider = (apiKey = tiingo.apiKey) => createTiingoBars({ apiKey, baseUrl: tiingo.url });
  const range = { from: '2026-03-02', to: '2026-03-13' };

  it('reads adjusted daily bars, and writes share classes with a hyphen', async () => {
    const answer = await provider().dailyBars('BRK.B', range, signal());
    expect(tiingo.requests.at(-1)).toEqual({
      ticker: 'brk-b',
      startDate: '2026-03-02',
      endDate: '2026-03-13',
    });
    expect(answer?.bars.map((bar) => bar.date)).toEqual(tradingDaysBetween(range.from, range.to));
    expect(answer?.historyRevised).toBe(false);
    for (const bar of answer?.bars ?? []) {
      expect(bar.low).toBeLessThanOrEqual(bar.close);
      expect(bar.high).toBeGreaterThanOrEqual(bar.close);
      expect(bar.volume).toBeGreaterThan(0);
    }
  });

  it('marks the history revised when a split falls in the answer', async () => {
    tiingo.splitOn('nvda', '2026-03-10');
    expect((await provider().dailyBars('NVDA', range, signal()))?.historyRevised).toBe(true);
  });

  const failures = [
    ['a wrong key', () => undefined, 'rejected', 'wrong-key'],
    ['an unknown ticker', () => undefined, 'not_found', undefined, 'ZZZZ'],
    ['429 past the hourly allowance', () => tiingo.fail('rate_limited'), 'rate_limited'],
    [
      'the monthly symbol allowance in plain text',
      () => tiingo.fail('allowance_text'),
      'rate_limited',
    ],
    ['a server error', () => tiingo.fail('server_error'), 'server_error'],
  ] as const;
  for (const [what, arrange, failure, key, symbol] of failures) {
    it(`reports ${what} as ${failure}`, async () => {
      arrange();
      const unknown = await startFakeTiingo({ unknown: ['zzzz'] });
      const target = symbol ? unknown : tiingo;
      const bars = createTiingoBars({ apiKey: key ?? target.apiKey, baseUrl: target.url });
      const error = await bars
        .dailyBars(symbol ?? 'AAPL', range, signal())
        .catch((caught) => caught);
      await unknown.close();
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).failure).toBe(failure);
    });
  }

  it('gives up on a hanging call at the timeout', async () => {
    tiingo.fail('hang');
    const error = await provider()
      .dailyBars('AAPL', range, AbortSignal.timeout(100))
      .catch((caught) => caught);
    expect((error as UpstreamError).failure).toBe('timeout');
  });
});

describe('stored daily history from Tiingo', () => {
  let test: TestDatabase;
  let tiingo: FakeTiingo;
  let now: number;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.destroy());
  beforeEach(async () => {
    tiingo = await startFakeTiingo({ unknown: ['zzzz'] });
    const { db } = test.database;
    await db.delete(dailyBars);
    await db.delete(barCoverage);
    await db.delete(jobs);
    // Tuesday 2026-03-17, 19:00 in New York: Monday's session is closed and published.
    now = instantInNewYork('2026-03-17', 19 * 60);
  });
  afterEach(() => tiingo.close());

  function service(limits = { callsPerHour: 1_000, callsPerDay: 10_000 }) {
    const provider = createTiingoBars({ apiKey: tiingo.apiKey, baseUrl: tiingo.url, ...limits });
    return new HistoryService({
      db: test.database.db,
      provider,
      budget: new CallBudget(provider.limits, () => now),
      log: silentLog,
      now: () => now,
      upstreamTimeoutMs: 1_000,
    });
  }

  async function storedCount(symbol: string) {
    const [row] = await test.database.db
      .select({ rows: count(), days: countDistinct(dailyBars.date) })
      .from(dailyBars)
      .where(eq(dailyBars.symbol, symbol));
    return row!;
  }

  it('backfills five years on first demand, then answers from the database', async () => {
    const history = service();
    const series = await history.range('AAPL', '5y');
    expect(series).toMatchObject({ asOf: '2026-03-17', source: 'tiingo', stale: false });
    expect(series.bars.length).toBeGreaterThanOrEqual(1250);
    expect(tiingo.requests).toEqual([
      { ticker: 'aapl', startDate: expect.stringMatching(/^2021-03-/), endDate: '2026-03-17' },
    ]);
    await history.range('AAPL', '1y');
    await service().range('AAPL', '1m');
    expect(tiingo.calls.prices).toBe(1);
  });

  it('fetches each symbol once for many concurrent requests, on one instance or two', async () => {
    const [first, second] = [service(), service()];
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 ? first : second).range('MSFT', '1y')),
    );
    expect(tiingo.calls.byTicker.get('msft')).toBe(1);
  });

  it('asks only for the days it lacks after the next close', async () => {
    const history = service();
    await history.state('KO');
    now = instantInNewYork('2026-03-18', 19 * 60);
    const state = await history.state('KO');
    expect(state.asOf).toBe('2026-03-18');
    expect(tiingo.requests.at(-1)).toEqual({
      ticker: 'ko',
      startDate: '2026-03-18',
      endDate: '2026-03-18',
    });
  });

  it('waits for a day the source has not published yet, asking again after a pause', async () => {
    tiingo.publishThrough('2026-03-16');
    const history = service();
    expect((await history.state('PEP')).asOf).toBe('2026-03-16');
    now += 10 * 60_000;
    await history.state('PEP');
    expect(tiingo.calls.prices).toBe(1);
    tiingo.publishThrough(undefined);
    now += 25 * 60_000;
    expect((await history.state('PEP')).asOf).toBe('2026-03-17');
    expect(tiingo.calls.prices).toBe(2);
  });

  it('serves the stored bars with their date when Tiingo rate-limits or fails', async () => {
    const history = service();
    await history.state('XOM');
    now = instantInNewYork('2026-03-19', 19 * 60);
    for (const failure of ['rate_limited', 'server_error', 'allowance_text'] as const) {
      tiingo.fail(failure);
      history.forget('XOM');
      const series = await history.range('XOM', '1m');
      expect(series).toMatchObject({ asOf: '2026-03-17', stale: true, source: 'tiingo' });
      expect(series.bars.length).toBeGreaterThan(15);
    }
    tiingo.recover();
    now += 3 * 60_000;
    expect(await history.state('XOM')).toMatchObject({ asOf: '2026-03-19', stale: false });
  });

  it('stays within the call budget: past it, stored bars are served and nothing is called', async () => {
    const history = service({ callsPerHour: 2, callsPerDay: 100 });
    await history.state('A');
    await history.state('B');
    const third = await history.state('C');
    expect(third).toMatchObject({ asOf: null, stale: true });
    expect(tiingo.calls.prices).toBe(2);
  });

  it('stores nothing for a ticker Tiingo does not know, and does not ask again that day', async () => {
    const history = service();
    expect(await history.state('ZZZZ')).toMatchObject({ asOf: null, stale: false });
    history.forget('ZZZZ');
    await history.state('ZZZZ');
    expect(tiingo.calls.prices).toBe(1);
  });

  it('takes the whole history again after a split moves the adjusted past', async () => {
    const history = service();
    await history.state('NVDA');
    tiingo.splitOn('nvda', '2026-03-18');
    now = instantInNewYork('2026-03-18', 19 * 60);
    await history.state('NVDA');
    expect(tiingo.requests.map((request) => request.startDate)).toEqual([
      expect.stringMatching(/^2021-03-/),
      '2026-03-18',
      expect.stringMatching(/^2021-03-/),
    ]);
    const stored = await storedCount('NVDA');
    expect(stored.rows).toBe(stored.days);
  });

  it('resumes a backfill cut short by a restart without storing any day twice', async () => {
    // What a backfill that died after its first chunks leaves: bars, but no coverage yet.
    const days = tradingDaysBetween('2021-03-01', '2022-06-30');
    await test.database.db.insert(dailyBars).values(
      days.map((date) => ({
        symbol: 'CAT',
        date,
        open: 1,
        high: 1,
        low: 1,
        close: 1,
        volume: 1,
        source: 'tiingo',
      })),
    );
    const series = await service().range('CAT', '5y');
    const stored = await storedCount('CAT');
    expect(stored.rows).toBe(stored.days);
    expect(new Set(series.bars.map((bar) => bar.date)).size).toBe(series.bars.length);
    expect(series.bars.length).toBeGreaterThanOrEqual(1250);
    // The days written before the restart were replaced by the source's figures.
    expect(series.bars.find((bar) => bar.date === '2021-06-01')?.close).not.toBe(1);
  });

  it('keeps recent bars read while they stand, and reads again once a new bar is stored', async () => {
    const history = service();
    const first = await history.recentBars('IBM', 30);
    expect(first.bars.at(-1)?.date).toBe('2026-03-17');
    // Read again from memory: the same bars, not a new copy from the database.
    expect((await history.recentBars('IBM', 30)).bars).toBe(first.bars);
    await history.closeSessionFromQuote('IBM', '2026-03-18', {
      date: '2026-03-18',
      open: 100,
      high: 102,
      low: 99,
      close: 101,
      volume: 0,
    });
    now = instantInNewYork('2026-03-18', 19 * 60);
    const after = await history.recentBars('IBM', 30);
    expect(after.bars.at(-1)).toMatchObject({ date: '2026-03-18', close: 101 });
    expect(after.bars).toHaveLength(30);
    expect(after.version).not.toBe(first.version);
  });

  it('lets a quote close a day the history source lacks, without replacing its bars', async () => {
    const history = service();
    await history.state('IBM');
    await history.closeSessionFromQuote('IBM', '2026-03-18', {
      date: '2026-03-18',
      open: 100,
      high: 102,
      low: 99,
      close: 101,
      volume: 0,
    });
    await history.closeSessionFromQuote('IBM', '2026-03-17', {
      date: '2026-03-17',
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 0,
    });
    now = instantInNewYork('2026-03-18', 19 * 60);
    const { bars } = await history.range('IBM', '1m');
    expect(bars.at(-1)).toMatchObject({ date: '2026-03-18', close: 101, source: 'finnhub' });
    expect(bars.at(-2)?.source).toBe('tiingo');
    expect(bars.at(-2)?.close).not.toBe(1);
  });
});
