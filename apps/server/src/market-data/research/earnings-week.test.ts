import { earningsWeekSchema } from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeEarningsDate,
  type FakeFinnhub,
  startFakeFinnhub,
} from '../../../test/fake-finnhub.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { setTier } from '../../modules/profiles/service.ts';

/**
 * "Earnings this week" over HTTP against a fake of Finnhub speaking its earnings calendar's
 * wire format: the reports of the next seven days of the stocks a user holds or watches, one
 * kept read per stock (the stock page's), and an outage said plainly, never a 5xx.
 */

const clock = testClock();
/** Monday 16 March 2026, 11:00 in New York. */
const start = new Date('2026-03-16T15:00:00Z');
const hours = (count: number) => new Date(clock().getTime() + count * 3_600_000);

function report(
  symbol: string,
  date: string,
  hour: string,
  epsEstimate: number | null = 1.5,
): FakeEarningsDate {
  return {
    date,
    epsActual: null,
    epsEstimate,
    hour,
    quarter: 1,
    revenueActual: null,
    revenueEstimate: 90_000_000_000,
    symbol,
    year: 2026,
  };
}

let finnhub: FakeFinnhub;
let testApp: TestApp;

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

async function week(user: SignedUpUser) {
  const response = await call(user, 'GET', '/api/earnings/week');
  expect(response.statusCode, response.body).toBe(200);
  return earningsWeekSchema.parse(response.json());
}

async function watch(user: SignedUpUser, symbols: string[]) {
  const created = await call(user, 'POST', '/api/watchlists', { name: 'Watching' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().watchlist.id;
  for (const symbol of symbols) {
    const added = await call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol });
    expect(added.statusCode, added.body).toBeLessThan(300);
  }
}

async function hold(user: SignedUpUser, symbol: string) {
  const created = await call(user, 'POST', '/api/portfolios', { name: `Real ${symbol}` });
  expect(created.statusCode, created.body).toBe(201);
  const ledger = `/api/portfolios/${created.json().portfolio.id}/transactions`;
  await call(user, 'POST', ledger, { kind: 'deposit', date: '2025-01-02', amount: '5000' });
  const bought = await call(user, 'POST', ledger, {
    kind: 'buy',
    date: '2025-01-03',
    symbol,
    quantity: '10',
    price: '100',
  });
  expect(bought.statusCode, bought.body).toBe(201);
}

async function proUser(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, user.id, 'pro');
  return user;
}

beforeAll(async () => {
  clock.set(start);
  finnhub = await startFakeFinnhub({ now: () => clock().getTime() });
  testApp = await createTestApp({
    clock,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
    },
  });
  finnhub.setEarningsCalendar('AAPL', [report('AAPL', '2026-03-19', 'amc', 1.62)]);
  finnhub.setEarningsCalendar('NVDA', [report('NVDA', '2026-03-17', 'bmo', 0.89)]);
  finnhub.setEarningsCalendar('MSFT', [report('MSFT', '2026-04-23', 'amc')]);
  finnhub.setEarningsCalendar('AMZN', [report('AMZN', '2026-03-22', '')]);
});
afterAll(async () => {
  await testApp.close();
  await finnhub.close();
  clock.reset();
});
beforeEach(() => finnhub.recover());

describe('earnings this week', () => {
  it('lists the next seven days’ reports of held and watched stocks, soonest first, with source and as of', async () => {
    const user = await proUser();
    await hold(user, 'AAPL');
    await watch(user, ['NVDA', 'MSFT', 'SPY', 'AAPL']);
    const before = finnhub.calls.earningsCalendar;
    const answer = await week(user);
    expect(answer).toMatchObject({
      from: '2026-03-16',
      to: '2026-03-22',
      // SPY is a fund: funds report no earnings, and Finnhub is not asked.
      stocks: 3,
      checked: 3,
      source: 'finnhub',
      asOf: start.toISOString(),
      status: 'ok',
      message: null,
      missing: [],
    });
    expect(answer.items).toEqual([
      {
        symbol: 'NVDA',
        name: expect.any(String),
        date: '2026-03-17',
        hour: 'bmo',
        quarter: 1,
        year: 2026,
        epsEstimate: 0.89,
        revenueEstimate: 90_000_000_000,
        held: false,
        watched: true,
      },
      expect.objectContaining({ symbol: 'AAPL', date: '2026-03-19', held: true, watched: true }),
    ]);
    expect(finnhub.calls.earningsCalendar - before).toBe(3);
  });

  it('reads each stock’s kept earnings once: more requests and other users ask Finnhub nothing', async () => {
    const first = await proUser();
    await watch(first, ['NVDA', 'MSFT']);
    await week(first);
    const before = { ...finnhub.calls };
    const second = await proUser();
    await watch(second, ['MSFT', 'NVDA']);
    await Promise.all([week(first), week(second), week(first)]);
    // The stock page's answer is the same kept one.
    const page = await call(second, 'GET', '/api/stocks/NVDA/earnings');
    expect(page.json().next.date).toBe('2026-03-17');
    expect(finnhub.calls.earningsCalendar).toBe(before.earningsCalendar);
    expect(finnhub.calls.earnings).toBe(before.earnings);
  });

  it('says when nothing of the user’s reports this week, and when the user follows no stock', async () => {
    const user = await proUser();
    await watch(user, ['MSFT']);
    expect(await week(user)).toMatchObject({ stocks: 1, checked: 1, status: 'ok', items: [] });
    const newcomer = await proUser();
    expect(await week(newcomer)).toMatchObject({
      stocks: 0,
      checked: 0,
      status: 'ok',
      items: [],
      missing: [],
    });
  });

  it('keeps the last dates with their time through an outage, and names the stocks it could not read', async () => {
    const user = await proUser();
    await watch(user, ['NVDA', 'GOOGL']);
    const stranger = await proUser();
    await watch(stranger, ['META']);
    clock.set(hours(7));
    finnhub.fail('server_error');
    const answer = await week(user);
    expect(answer.status).toBe('stale');
    expect(answer.missing).toEqual(['GOOGL']);
    expect(answer.asOf).toBe(start.toISOString());
    expect(answer.items.map((item) => item.symbol)).toEqual(['NVDA']);
    expect(answer.message).toBe(
      'Finnhub could not be reached for GOOGL, so its dates are not listed. Some dates are as of the time shown: Finnhub could not be reached just now.',
    );
    expect(await week(stranger)).toMatchObject({
      status: 'unavailable',
      missing: ['META'],
      items: [],
      message:
        'Finnhub could not be reached for these earnings dates. Please try again in a few minutes.',
    });
  });

  it('answers 401 without a session', async () => {
    const response = await testApp.app.inject({ url: '/api/earnings/week' });
    expect(response.statusCode).toBe(401);
  });
});

describe('earnings this week on an offline server', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp();
  });
  afterAll(() => offline.close());

  it('says there is no earnings source, lists nothing, and refuses an earnings alert', async () => {
    const user = await signUpUser(offline.app);
    await setTier(offline.db.database.db, user.id, 'pro');
    const created = await injectAs(offline.app, user, 'POST', '/api/watchlists', { name: 'W' });
    const id = created.json().watchlist.id;
    await injectAs(offline.app, user, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'AAPL' });
    const response = await injectAs(offline.app, user, 'GET', '/api/earnings/week');
    expect(earningsWeekSchema.parse(response.json())).toMatchObject({
      stocks: 1,
      checked: 0,
      source: null,
      asOf: null,
      status: 'not_offered',
      items: [],
      message:
        'Earnings dates come from Finnhub. This server runs offline on simulated prices, so it shows none.',
    });
    const alert = await injectAs(offline.app, user, 'POST', '/api/alerts', {
      symbol: 'AAPL',
      condition: { kind: 'earnings_within', days: 3 },
    });
    expect(alert.statusCode).toBe(409);
    expect(alert.json().error.code).toBe('earnings_alerts_unavailable');
  });
});
