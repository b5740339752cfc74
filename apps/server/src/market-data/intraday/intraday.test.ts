import {
  apiErrorSchema,
  type IntradayResponse,
  intradayResponseSchema,
  stockResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { setTier } from '../../modules/profiles/service.ts';
import { simulatedQuote } from '../adapters/simulated/provider.ts';
import { instantInNewYork } from '../calendar/market-calendar.ts';

/** Monday 2026-03-16 and the sessions before it (Friday the 13th back to Tuesday the 10th). */
const monday = '2026-03-16';
const at = (hour: number, minute: number, date = monday) =>
  instantInNewYork(date, hour * 60 + minute);
const iso = (ms: number) => new Date(ms).toISOString();

async function intraday(testApp: TestApp, user: SignedUpUser, query: string) {
  const response = await testApp.app.inject({
    url: `/api/stocks/AAPL/intraday${query}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return intradayResponseSchema.parse(response.json());
}

/** Every bar's high and low hold its open and close, and the bars are `minutes` apart. */
function expectWellFormed(answer: IntradayResponse) {
  const step = answer.intervalMinutes * 60_000;
  answer.bars.forEach((bar, index) => {
    expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
    const previous = answer.bars[index - 1];
    if (previous) {
      const gap = Date.parse(bar.time) - Date.parse(previous.time);
      // Within a session the bars are one interval apart; across sessions, a night or more.
      expect(gap === step || gap > 3_600_000, `${previous.time} to ${bar.time}`).toBe(true);
    }
  });
}

describe('intraday bars on the simulated market', () => {
  const clock = testClock();
  let testApp: TestApp;
  let free: SignedUpUser;
  let pro: SignedUpUser;

  beforeAll(async () => {
    clock.set(new Date(at(11, 0)));
    testApp = await createTestApp({ clock });
    free = await signUpUser(testApp.app);
    pro = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, pro.id, 'pro');
  });
  afterAll(() => testApp.close());

  it("gives a real-time plan today's 5-minute bars up to now, labelled simulated, with the session open", async () => {
    const answer = await intraday(testApp, pro, '?range=1d');
    expect(answer).toMatchObject({
      symbol: 'AAPL',
      range: '1d',
      intervalMinutes: 5,
      sessions: [monday],
      source: 'simulated',
      simulated: true,
      available: true,
      delayed: false,
      delayMinutes: 0,
      asOf: iso(at(11, 0)),
      market: { state: 'open', session: monday },
    });
    // 9:30 to 11:00: eighteen bars, the first at the opening bell.
    expect(answer.bars).toHaveLength(18);
    expect(answer.bars[0]!.time).toBe(iso(at(9, 30)));
    expect(answer.bars.at(-1)!.time).toBe(iso(at(10, 55)));
    expect(answer.bars[0]!.open).toBe(simulatedQuote('AAPL', at(9, 30)).price);
    expect(answer.bars.at(-1)!.close).toBe(simulatedQuote('AAPL', at(11, 0)).price);
    expect(answer.bars.every((bar) => bar.volume > 0)).toBe(true);
    expectWellFormed(answer);
  });

  it("stops a Free plan's bars at the price its quote shows, 15 minutes ago", async () => {
    const answer = await intraday(testApp, free, '');
    expect(answer).toMatchObject({
      range: '1d',
      delayed: true,
      delayMinutes: 15,
      asOf: iso(at(10, 45)),
    });
    // 9:30 to 10:45: fifteen whole bars, none starting at or after the cutoff.
    expect(answer.bars).toHaveLength(15);
    expect(answer.bars.every((bar) => Date.parse(bar.time) < at(10, 45))).toBe(true);
    const { stock } = stockResponseSchema.parse(
      (
        await testApp.app.inject({ url: '/api/stocks/AAPL', headers: { cookie: free.cookie } })
      ).json(),
    );
    expect(stock).toMatchObject({ delayed: true, asOf: iso(at(10, 45)) });
    expect(answer.bars.at(-1)!.close, "the last close is Free's quote").toBe(stock.price);

    // Five minutes on, a bar under way ends at the cutoff too: no price newer than 10:47.
    clock.set(new Date(at(11, 2)));
    try {
      const later = await intraday(testApp, free, '?range=1d');
      expect(later.asOf).toBe(iso(at(10, 47)));
      expect(later.bars.at(-1)!.time).toBe(iso(at(10, 45)));
      expect(later.bars.at(-1)!.close).toBe(simulatedQuote('AAPL', at(10, 47)).price);
    } finally {
      clock.set(new Date(at(11, 0)));
    }
  });

  it('shows five sessions in 15-minute bars for 5D, the earlier ones whole', async () => {
    const answer = await intraday(testApp, pro, '?range=5d');
    expect(answer).toMatchObject({
      range: '5d',
      intervalMinutes: 15,
      sessions: ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', monday],
    });
    // Four whole sessions of 26 bars, and 9:30 to 11:00 today: six.
    expect(answer.bars).toHaveLength(4 * 26 + 6);
    const friday = answer.bars.filter((bar) => bar.time.startsWith('2026-03-13'));
    expect(friday[0]!.time).toBe(iso(at(9, 30, '2026-03-13')));
    expect(friday.at(-1)!.time).toBe(iso(at(15, 45, '2026-03-13')));
    expect(friday.at(-1)!.close, "Friday's last bar closes at Friday's close").toBe(
      simulatedQuote('AAPL', at(16, 0, '2026-03-13')).price,
    );
    expectWellFormed(answer);
  });

  it('computes only the bar under way when asked again', async () => {
    const { intraday: service } = testApp.app.marketData;
    clock.set(new Date(at(11, 2)));
    try {
      await intraday(testApp, pro, '?range=5d');
      await intraday(testApp, pro, '?range=1d');
      const before = service.computedBars;
      await intraday(testApp, pro, '?range=5d');
      await intraday(testApp, pro, '?range=1d');
      // 11:00 to 11:02 in each range: the finished bars are kept.
      expect(service.computedBars - before).toBe(2);
    } finally {
      clock.set(new Date(at(11, 0)));
    }
  });

  it("shows the last session before the opening bell, and says the market isn't open", async () => {
    clock.set(new Date(at(8, 0)));
    try {
      const answer = await intraday(testApp, pro, '?range=1d');
      expect(answer.sessions).toEqual(['2026-03-13']);
      expect(answer.bars).toHaveLength(78);
      expect(answer.asOf).toBe(iso(at(16, 0, '2026-03-13')));
      expect(answer.market).toMatchObject({ state: 'pre', session: '2026-03-13' });
    } finally {
      clock.set(new Date(at(11, 0)));
    }
  });

  it('refuses a range it does not offer, an unknown symbol and a signed-out visitor', async () => {
    const bad = await testApp.app.inject({
      url: '/api/stocks/AAPL/intraday?range=2d',
      headers: { cookie: pro.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.code).toBe('validation_failed');
    const unknown = await testApp.app.inject({
      url: '/api/stocks/ZZZZZ/intraday',
      headers: { cookie: pro.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(apiErrorSchema.parse(unknown.json()).error.code).toBe('stock_not_found');
    const signedOut = await testApp.app.inject({ url: '/api/stocks/AAPL/intraday' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('intraday bars from Finnhub', () => {
  const clock = testClock();
  const now = () => clock().getTime();
  let paid: FakeFinnhub;
  let freeKey: FakeFinnhub;
  let testApp: TestApp;
  let freeKeyApp: TestApp;

  const finnhubApp = (finnhub: FakeFinnhub) =>
    createTestApp({
      clock,
      config: {
        market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
      },
    });

  beforeAll(async () => {
    clock.set(new Date(at(11, 2)));
    paid = await startFakeFinnhub({ now, plan: 'paid' });
    freeKey = await startFakeFinnhub({ now });
    testApp = await finnhubApp(paid);
    freeKeyApp = await finnhubApp(freeKey);
  });
  afterAll(async () => {
    await testApp.close();
    await freeKeyApp.close();
    await paid.close();
    await freeKey.close();
  });

  it("serves the provider's bars, cut at a Free plan's delay, one call a minute for everyone", async () => {
    const free = await signUpUser(testApp.app);
    const pro = await signUpUser(testApp.app, { plan: 'alpha' });
    const asPro = await intraday(testApp, pro, '?range=1d');
    expect(asPro).toMatchObject({ source: 'finnhub', simulated: false, available: true });
    // The bar that started at 11:00 is under way: a real-time plan sees it.
    expect(asPro.bars.at(-1)!.time).toBe(iso(at(11, 0)));
    expect(asPro.asOf).toBe(iso(at(11, 2)));
    const asFree = await intraday(testApp, free, '?range=1d');
    // Free's cutoff is 10:47: the last bar it sees ended by then (10:40 to 10:45).
    expect(asFree).toMatchObject({ delayed: true, delayMinutes: 15 });
    expect(asFree.bars.at(-1)!.time).toBe(iso(at(10, 40)));
    expect(asFree.asOf).toBe(iso(at(10, 45)));
    expect(asFree.bars).toEqual(asPro.bars.slice(0, asFree.bars.length));
    expect(paid.calls.candle, 'one call served both plans').toBe(1);
    await intraday(testApp, pro, '?range=1d');
    expect(paid.calls.candle).toBe(1);
  });

  it('says plainly when the key gets no intraday bars, and does not ask again at once', async () => {
    const pro = await signUpUser(freeKeyApp.app, { plan: 'alpha' });
    const answer = await intraday(freeKeyApp, pro, '?range=5d');
    expect(answer).toMatchObject({ available: false, bars: [], asOf: null, stale: false });
    const calls = freeKey.calls.candle;
    expect(calls).toBeGreaterThan(0);
    await intraday(freeKeyApp, pro, '?range=1d');
    expect(freeKey.calls.candle).toBe(calls);
  });

  it('serves the last bars with stale set when Finnhub fails, never a 5xx', async () => {
    const pro = await signUpUser(testApp.app, { plan: 'alpha' });
    const before = await intraday(testApp, pro, '?range=5d');
    clock.set(new Date(at(11, 5)));
    paid.fail('server_error');
    try {
      const during = await intraday(testApp, pro, '?range=5d');
      expect(during.bars).toEqual(before.bars);
      clock.set(new Date(at(11, 8)));
      const later = await intraday(testApp, pro, '?range=5d');
      expect(later.stale).toBe(true);
      expect(later.bars).toEqual(before.bars);
    } finally {
      paid.recover();
    }
  });
});
