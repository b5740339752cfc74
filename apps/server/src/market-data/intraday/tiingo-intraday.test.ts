import {
  apiErrorSchema,
  historyResponseSchema,
  type IntradayBar,
  type IntradayResponse,
  intradayResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import { type FakeTiingo, fakeIexPrice, startFakeTiingo } from '../../../test/fake-tiingo.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { setTier } from '../../modules/profiles/service.ts';
import { createTiingoIntraday } from '../adapters/tiingo/intraday-bars.ts';
import { instantInNewYork } from '../calendar/market-calendar.ts';
import { UpstreamError } from '../upstream/upstream.ts';

/** Monday 2026-03-16 and the four sessions before it (Tuesday the 10th to Friday the 13th). */
const monday = '2026-03-16';
const at = (hour: number, minute: number, date = monday) =>
  instantInNewYork(date, hour * 60 + minute);
const iso = (ms: number) => new Date(ms).toISOString();
const minute = 60_000;

/** The app on Finnhub quotes (a free key: no candles) with Tiingo configured. */
function tiingoApp(
  clock: ReturnType<typeof testClock>,
  finnhub: FakeFinnhub,
  tiingo: FakeTiingo,
  callsPerHour = 1_000,
) {
  return createTestApp({
    clock,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
      history: {
        provider: 'tiingo',
        apiKey: tiingo.apiKey,
        baseUrl: tiingo.url,
        callsPerHour,
        callsPerDay: 10_000,
      },
    },
  });
}

async function intraday(testApp: TestApp, user: SignedUpUser, symbol: string, range: string) {
  const response = await testApp.app.inject({
    url: `/api/stocks/${symbol}/intraday?range=${range}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return intradayResponseSchema.parse(response.json());
}

/** Three 5-minute bars make a 15-minute one: first open, extremes, last close, volumes added. */
function combined(bars: readonly IntradayBar[]): Omit<IntradayBar, 'time'> {
  return {
    open: bars[0]!.open,
    high: Math.max(...bars.map((bar) => bar.high)),
    low: Math.min(...bars.map((bar) => bar.low)),
    close: bars.at(-1)!.close,
    volume: bars.reduce((sum, bar) => sum + bar.volume, 0),
  };
}

/** No bar of a delayed answer holds a price after its cutoff. */
function expectNothingAfter(answer: IntradayResponse, cutoff: number) {
  expect(Date.parse(answer.asOf!)).toBeLessThanOrEqual(cutoff);
  const last = answer.bars.at(-1)!;
  expect(last.close, 'the last close is the price at asOf').toBe(
    fakeIexPrice('aapl', Date.parse(answer.asOf!)),
  );
}

describe("Tiingo's IEX intraday prices against its fake", () => {
  let tiingo: FakeTiingo;
  const now = () => at(11, 2);
  beforeAll(async () => {
    tiingo = await startFakeTiingo({ now, unknown: ['zzzz'] });
  });
  afterAll(() => tiingo.close());
  const window = { from: at(9, 30, '2026-03-13'), to: now(), intervalMinutes: 5 };
  const signal = () => AbortSignal.timeout(5_000);

  it("asks for the window's New York days in 5-minute bars with volume, the key in the header", async () => {
    const source = createTiingoIntraday({ apiKey: tiingo.apiKey, baseUrl: tiingo.url });
    const bars = await source.intradayBars('BRK.B', window, signal());
    expect(tiingo.iexRequests.at(-1)).toEqual({
      ticker: 'brk-b',
      query: {
        startDate: '2026-03-13',
        endDate: monday,
        resampleFreq: '5min',
        columns: 'open,high,low,close,volume',
      },
    });
    // Friday's 78 bars and Monday's from 9:30 to the one under way at 11:00.
    expect(bars).toHaveLength(78 + 19);
    expect(bars![0]).toMatchObject({ start: at(9, 30, '2026-03-13') });
    expect(bars!.at(-1)).toMatchObject({
      start: at(11, 0),
      close: fakeIexPrice('brk-b', now()),
    });
    expect(bars!.every((bar) => bar.volume > 0)).toBe(true);
  });

  it('says a refused key gets no bars, an unknown ticker none of its own, and throws the rest', async () => {
    const refused = createTiingoIntraday({ apiKey: 'not-the-key', baseUrl: tiingo.url });
    expect(await refused.intradayBars('AAPL', window, signal())).toBeNull();
    const source = createTiingoIntraday({ apiKey: tiingo.apiKey, baseUrl: tiingo.url });
    expect(await source.intradayBars('ZZZZ', window, signal())).toEqual([]);
    for (const [failure, kind] of [
      ['rate_limited', 'rate_limited'],
      ['allowance_text', 'rate_limited'],
      ['server_error', 'server_error'],
    ] as const) {
      tiingo.fail(failure);
      const error = await source.intradayBars('AAPL', window, signal()).catch((caught) => caught);
      tiingo.recover();
      expect(error, failure).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).failure, failure).toBe(kind);
    }
  });
});

describe('intraday bars from Tiingo', () => {
  const clock = testClock();
  const now = () => clock().getTime();
  let finnhub: FakeFinnhub;
  let tiingo: FakeTiingo;
  let testApp: TestApp;
  let free: SignedUpUser;
  let pro: SignedUpUser;

  beforeAll(async () => {
    clock.set(new Date(at(11, 2)));
    finnhub = await startFakeFinnhub({ now });
    tiingo = await startFakeTiingo({ now, unknown: ['zzzz'] });
    testApp = await tiingoApp(clock, finnhub, tiingo);
    free = await signUpUser(testApp.app);
    pro = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, pro.id, 'pro');
  });
  afterAll(async () => {
    await testApp.close();
    await finnhub.close();
    await tiingo.close();
  });

  it("serves 1D and 5D from one call a minute for every viewer, labelled Tiingo's", async () => {
    const day = await intraday(testApp, pro, 'AAPL', '1d');
    expect(day).toMatchObject({
      symbol: 'AAPL',
      range: '1d',
      intervalMinutes: 5,
      sessions: [monday],
      source: 'tiingo',
      simulated: false,
      available: true,
      stale: false,
      delayed: false,
      asOf: iso(at(11, 2)),
      market: { state: 'open', session: monday },
    });
    // 9:30 to the bar under way at 11:00, the fake's prices, its last close the price of now.
    expect(day.bars).toHaveLength(19);
    expect(day.bars[0]).toMatchObject({
      time: iso(at(9, 30)),
      open: fakeIexPrice('aapl', at(9, 30)),
    });
    expect(day.bars.at(-1)).toMatchObject({
      time: iso(at(11, 0)),
      close: fakeIexPrice('aapl', now()),
    });
    expect(tiingo.iexRequests.at(-1)?.query).toMatchObject({
      startDate: '2026-03-10',
      endDate: monday,
      resampleFreq: '5min',
    });

    const week = await intraday(testApp, pro, 'AAPL', '5d');
    expect(week).toMatchObject({
      intervalMinutes: 15,
      sessions: ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', monday],
      asOf: iso(at(11, 2)),
    });
    // Four whole sessions of 26 bars, and Monday's 9:30 to 11:00 bars: seven.
    expect(week.bars).toHaveLength(4 * 26 + 7);
    const today = week.bars.filter((bar) => bar.time.startsWith(monday));
    today.forEach((bar, index) => {
      expect(bar.time).toBe(iso(at(9, 30 + 15 * index)));
      expect(bar, bar.time).toMatchObject(combined(day.bars.slice(3 * index, 3 * index + 3)));
    });

    await intraday(testApp, free, 'AAPL', '1d');
    await intraday(testApp, free, 'AAPL', '5d');
    clock.set(new Date(at(11, 2) + 50_000));
    await intraday(testApp, pro, 'AAPL', '1d');
    expect(tiingo.calls.iex, 'one call served both ranges, both plans, for a minute').toBe(1);
    clock.set(new Date(at(11, 3) + 5_000));
    const later = await intraday(testApp, pro, 'AAPL', '1d');
    expect(tiingo.calls.iex).toBe(2);
    expect(later.asOf).toBe(iso(at(11, 3) + 5_000));
    clock.set(new Date(at(11, 2)));
  });

  it("stops a Free plan's bars where its delay does, a 15-minute bar under way included", async () => {
    clock.set(new Date(at(11, 9)));
    try {
      const cutoff = at(10, 54);
      const proDay = await intraday(testApp, pro, 'AAPL', '1d');
      const day = await intraday(testApp, free, 'AAPL', '1d');
      expect(day).toMatchObject({ delayed: true, delayMinutes: 15, asOf: iso(at(10, 50)) });
      // Whole 5-minute bars that ended by 10:54: the last is 10:45 to 10:50.
      expect(day.bars.at(-1)?.time).toBe(iso(at(10, 45)));
      expect(day.bars).toEqual(proDay.bars.slice(0, day.bars.length));
      expectNothingAfter(day, cutoff);

      const week = await intraday(testApp, free, 'AAPL', '5d');
      expect(week.asOf).toBe(iso(at(10, 50)));
      // The 10:45 bar holds only the 5-minute bar that ended by the cutoff.
      expect(week.bars.at(-1)).toMatchObject({
        time: iso(at(10, 45)),
        ...combined(day.bars.slice(-1)),
      });
      expectNothingAfter(week, cutoff);
      const proWeek = await intraday(testApp, pro, 'AAPL', '5d');
      expect(proWeek.bars.at(-1)?.time).toBe(iso(at(11, 0)));
    } finally {
      clock.set(new Date(at(11, 2)));
    }
  });

  it('serves the last bars with their time when Tiingo fails, and an honest empty answer without any', async () => {
    clock.set(new Date(at(11, 20)));
    try {
      const before = await intraday(testApp, pro, 'AAPL', '5d');
      for (const failure of ['server_error', 'allowance_text', 'rate_limited'] as const) {
        tiingo.fail(failure);
        clock.set(new Date(now() + 3 * minute));
        const during = await intraday(testApp, pro, 'AAPL', '5d');
        expect(during, failure).toMatchObject({ available: true, stale: true, asOf: before.asOf });
        expect(during.bars).toEqual(before.bars);
        tiingo.recover();
      }
      tiingo.fail('server_error');
      const calls = tiingo.calls.iex;
      const unseen = await intraday(testApp, pro, 'MSFT', '1d');
      expect(unseen).toMatchObject({ available: true, stale: true, bars: [], asOf: null });
      await intraday(testApp, pro, 'MSFT', '5d');
      expect(tiingo.calls.iex, 'a failed window is not asked again within the minute').toBe(
        calls + 1,
      );
      tiingo.recover();
      clock.set(new Date(now() + minute));
      const back = await intraday(testApp, pro, 'MSFT', '1d');
      expect(back).toMatchObject({ stale: false, asOf: iso(now()) });
    } finally {
      tiingo.recover();
      clock.set(new Date(at(11, 2)));
    }
  });

  it("keeps the last session's bars once it has closed: one call for the evening", async () => {
    clock.set(new Date(at(16, 30)));
    try {
      const first = await intraday(testApp, pro, 'NVDA', '1d');
      expect(first.asOf).toBe(iso(at(16, 0)));
      expect(first.bars).toHaveLength(78);
      const calls = tiingo.calls.iex;
      clock.set(new Date(at(20, 0)));
      const evening = await intraday(testApp, pro, 'NVDA', '5d');
      expect(evening).toMatchObject({ stale: false, asOf: iso(at(16, 0)) });
      expect(evening.bars).toHaveLength(5 * 26);
      expect(tiingo.calls.iex).toBe(calls);
    } finally {
      clock.set(new Date(at(11, 2)));
    }
  });

  it('serves a key the bars the chart shows, under the rate limit, and refuses what it should', async () => {
    const owner = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, owner.id, 'enterprise');
    const { secret } = await testApp.app.apiKeys.create(owner.id, {
      name: 'Intraday',
      password: owner.password,
    });
    const withKey = (url: string) =>
      testApp.app.inject({ url, headers: { authorization: `Bearer ${secret}` } });
    const answer = await withKey('/api/v1/stocks/aapl/intraday?range=5d');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers.ratelimit).toMatch(/^"per-key";r=\d+;t=\d+$/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const viaKey = intradayResponseSchema.parse(answer.json());
    expect(viaKey).toEqual(await intraday(testApp, pro, 'AAPL', '5d'));
    expect(viaKey).toMatchObject({ symbol: 'AAPL', source: 'tiingo', delayed: false });
    const day = intradayResponseSchema.parse(
      (await withKey('/api/v1/stocks/AAPL/intraday')).json(),
    );
    expect(day).toMatchObject({ range: '1d', intervalMinutes: 5 });

    const refusals = [
      ['/api/v1/stocks/AAPL/intraday?range=2d', 400, 'validation_failed'],
      ['/api/v1/stocks/no%20such/intraday', 400, 'validation_failed'],
      ['/api/v1/stocks/ZZZZZ/intraday', 404, 'stock_not_found'],
    ] as const;
    for (const [url, status, code] of refusals) {
      const refused = await withKey(url);
      expect(refused.statusCode, url).toBe(status);
      expect(apiErrorSchema.parse(refused.json()).error.code, url).toBe(code);
    }
    const bySession = await testApp.app.inject({
      url: '/api/v1/stocks/AAPL/intraday',
      headers: { cookie: owner.cookie },
    });
    expect(bySession.statusCode).toBe(401);
    expect(apiErrorSchema.parse(bySession.json()).error.code).toBe('api_key_required');
  });

  it('answers an unknown symbol 404 and a range it does not offer 400, without a call', async () => {
    const calls = tiingo.calls.iex;
    const unknown = await testApp.app.inject({
      url: '/api/stocks/ZZZZZ/intraday',
      headers: { cookie: pro.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await testApp.app.inject({
      url: '/api/stocks/AAPL/intraday?range=1y',
      headers: { cookie: pro.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.code).toBe('validation_failed');
    expect(tiingo.calls.iex).toBe(calls);
  });
});

describe("intraday bars within Tiingo's allowance", () => {
  const clock = testClock();
  const now = () => clock().getTime();
  let finnhub: FakeFinnhub;
  let tiingo: FakeTiingo;
  let testApp: TestApp;

  beforeAll(async () => {
    clock.set(new Date(at(11, 2)));
    finnhub = await startFakeFinnhub({ now });
    tiingo = await startFakeTiingo({ now });
    // Four calls an hour: intraday bars may spend two, daily history keeps the rest.
    testApp = await tiingoApp(clock, finnhub, tiingo, 4);
  });
  afterAll(async () => {
    await testApp.close();
    await finnhub.close();
    await tiingo.close();
  });

  it('spends at most half the hourly allowance, then serves the last bars as stale', async () => {
    const pro = await signUpUser(testApp.app, { plan: 'alpha' });
    const first = await intraday(testApp, pro, 'AAPL', '1d');
    clock.set(new Date(now() + minute));
    await intraday(testApp, pro, 'MSFT', '1d');
    expect(tiingo.calls.iex).toBe(2);
    clock.set(new Date(now() + 2 * minute));
    const spent = await intraday(testApp, pro, 'AAPL', '1d');
    expect(tiingo.calls.iex, 'no third call this hour').toBe(2);
    expect(spent).toMatchObject({ stale: true, asOf: first.asOf, bars: first.bars });

    // Daily history still has its share.
    const history = await testApp.app.inject({
      url: '/api/stocks/JPM/history?range=1m',
      headers: { cookie: pro.cookie },
    });
    expect(history.statusCode).toBe(200);
    expect(historyResponseSchema.parse(history.json()).bars.length).toBeGreaterThan(0);
    expect(tiingo.calls.prices).toBeGreaterThan(0);
  });
});
