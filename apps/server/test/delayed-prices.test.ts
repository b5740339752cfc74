import {
  etfListSchema,
  historyResponseSchema,
  type LiveEvent,
  quotesResponseSchema,
  stockListSchema,
  stockResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantInNewYork, lastClosedSession } from '../src/calendar/market-calendar.ts';
import type { ApiRoute } from '../src/http/route-access.ts';
import { simulatedQuote } from '../src/modules/market/providers/simulated.ts';
import { setTier } from '../src/modules/profiles/service.ts';
import { type EventStream, openEventStream } from './event-stream.ts';
import { type FakeFinnhub, startFakeFinnhub } from './fake-finnhub.ts';
import { type FakeTiingo, startFakeTiingo } from './fake-tiingo.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from './test-app.ts';
import { testClock } from './test-clock.ts';

/**
 * A Free session never receives a newer price than 15 minutes old, through any route (the
 * app's route table, not a list kept here: a new route fails this suite until it is sorted
 * below as price-bearing, with a check, or price-free, with the reason).
 *
 * Monday 2026-03-16 on Finnhub (REST only) with Tiingo history: AAPL trades at 100 at 15:45
 * New York time, 110 at 15:54 and 120 at 16:04; SPY at 400, 410, 420. At 16:05 a Pro user
 * sees 120 and Monday's bar; a Free user sees the price of 15:50, which is 100, and no bar
 * newer than Friday's (Monday's closes at 16:00: Free sees it at 16:15).
 */

const at = (hour: number, minute: number) => instantInNewYork('2026-03-16', hour * 60 + minute);
const clock = testClock();
const now = () => clock().getTime();

/**
 * The simulated market has a day's bar 5 minutes after the close: at 16:07 Pro sees Monday's
 * bar, Free (whose day closes at 16:15) Friday's.
 */
const simClock = testClock();
let sim: TestApp;
let simFree: SignedUpUser;
let simPro: SignedUpUser;

let finnhub: FakeFinnhub;
let tiingo: FakeTiingo;
let testApp: TestApp;
let baseUrl: string;
let free: SignedUpUser;
let pro: SignedUpUser;
const streams: EventStream[] = [];

async function get(path: string, user: SignedUpUser) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: user.cookie } });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function simGet(path: string, user: SignedUpUser) {
  const response = await sim.app.inject({ url: path, headers: { cookie: user.cookie } });
  return response.json() as unknown;
}

/** What a Pro page asks for at a time: the demand that keeps these prices fresh. */
async function proLooks() {
  for (const path of [
    '/api/stocks',
    '/api/etfs',
    '/api/stocks/AAPL',
    '/api/quotes?symbols=AAPL,SPY',
  ]) {
    expect((await get(path, pro)).status, path).toBe(200);
  }
}

/** Lets a minute pass, the scheduler spending its budget on what is demanded. */
async function aMinuteOfRefreshes() {
  for (let second = 0; second < 60; second += 1) {
    clock.set(new Date(now() + 1_000));
    testApp.app.marketData.market.refreshDue();
    await testApp.app.marketData.market.settled();
  }
}

beforeAll(async () => {
  clock.set(new Date(at(15, 45)));
  finnhub = await startFakeFinnhub({ now });
  tiingo = await startFakeTiingo();
  testApp = await createTestApp({
    clock,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
      history: {
        provider: 'tiingo',
        apiKey: tiingo.apiKey,
        baseUrl: tiingo.url,
        callsPerHour: 1_000,
        callsPerDay: 10_000,
      },
    },
  });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  free = await signUpUser(testApp.app);
  pro = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, pro.id, 'pro');

  finnhub.setQuote('AAPL', { c: 100, pc: 99 });
  finnhub.setQuote('SPY', { c: 400, pc: 399 });
  await proLooks();
  clock.set(new Date(at(15, 53)));
  finnhub.setQuote('AAPL', { c: 110, pc: 99 });
  finnhub.setQuote('SPY', { c: 410, pc: 399 });
  await proLooks();
  await aMinuteOfRefreshes();
  clock.set(new Date(at(16, 3)));
  finnhub.setQuote('AAPL', { c: 120, pc: 99 });
  finnhub.setQuote('SPY', { c: 420, pc: 399 });
  await proLooks();
  await aMinuteOfRefreshes();
  simClock.set(new Date(at(16, 7)));
  sim = await createTestApp({ clock: simClock });
  simFree = await signUpUser(sim.app);
  simPro = await signUpUser(sim.app);
  await setTier(sim.db.database.db, simPro.id, 'pro');

  // The lists are serialised at most once a second: let the last ones go.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
}, 60_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await testApp.close();
  await sim.close();
  await finnhub.close();
  await tiingo.close();
});

/** The price of a symbol in an answer, with how fresh the answer says it is. */
interface Seen {
  price: number;
  delayed: boolean;
  delayMinutes: number;
  asOf: string;
}

function expectDelayed(seen: Seen | undefined, price: number, what: string) {
  expect(seen, what).toBeDefined();
  expect(seen?.price, `${what}: the price of 15 minutes ago`).toBe(price);
  expect(seen, what).toMatchObject({ delayed: true, delayMinutes: 15 });
  expect(Date.parse(seen!.asOf), `${what}: as of 15 minutes ago or earlier`).toBeLessThanOrEqual(
    now() - 15 * 60_000,
  );
}

function expectRealtime(seen: Seen | undefined, price: number, what: string) {
  expect(seen, what).toMatchObject({ price, delayed: false, delayMinutes: 0 });
}

const friday = '2026-03-13';
const monday = '2026-03-16';

/** Price-bearing routes, each with the check that Free sees old prices and Pro new ones. */
const priceBearing: Record<string, () => Promise<void>> = {
  'GET /api/stocks': async () => {
    const seen = async (user: SignedUpUser) =>
      stockListSchema
        .parse((await get('/api/stocks', user)).body)
        .stocks.find((stock) => stock.symbol === 'AAPL');
    const asFree = await seen(free);
    expectDelayed(asFree, 100, 'the stocks list');
    expect(asFree?.historicalData.at(-1)?.date).toBe(friday);
    expectRealtime(await seen(pro), 120, 'the stocks list');
  },
  'GET /api/etfs': async () => {
    const seen = async (user: SignedUpUser) =>
      etfListSchema
        .parse((await get('/api/etfs', user)).body)
        .etfs.find((etf) => etf.symbol === 'SPY');
    expectDelayed(await seen(free), 400, 'the ETFs list');
    expectRealtime(await seen(pro), 420, 'the ETFs list');
  },
  'GET /api/stocks/:symbol': async () => {
    const seen = async (user: SignedUpUser) =>
      stockResponseSchema.parse((await get('/api/stocks/AAPL', user)).body).stock;
    const asFree = await seen(free);
    expectDelayed(asFree, 100, 'the detail page');
    expect(asFree.historicalData.at(-1)?.date, "Free sees Friday's bar last").toBe(friday);
    expectRealtime(await seen(pro), 120, 'the detail page');

    const simulated = async (user: SignedUpUser) =>
      stockResponseSchema.parse(await simGet('/api/stocks/AAPL', user)).stock;
    const simFreeStock = await simulated(simFree);
    expect(simFreeStock.historicalData.at(-1)?.date, "Free sees Friday's close last").toBe(friday);
    expect(simFreeStock).toMatchObject({ delayed: true, asOf: new Date(at(15, 52)).toISOString() });
    expect(simFreeStock.price).toBe(simulatedQuote('AAPL', at(15, 52)).price);
    const simProStock = await simulated(simPro);
    expect(simProStock.historicalData.at(-1)?.date).toBe(monday);
    expect(simProStock.price).toBe(simulatedQuote('AAPL', at(16, 7)).price);
  },
  'GET /api/stocks/:symbol/history': async () => {
    const seen = async (user: SignedUpUser) =>
      historyResponseSchema.parse((await get('/api/stocks/AAPL/history?range=1m', user)).body);
    expect(await seen(free)).toMatchObject({ delayed: true, delayMinutes: 15 });
    expect(await seen(pro)).toMatchObject({ delayed: false, delayMinutes: 0 });

    const simulated = async (user: SignedUpUser) =>
      historyResponseSchema.parse(await simGet('/api/stocks/AAPL/history?range=1m', user));
    expect(lastClosedSession(simClock().getTime() - 15 * 60_000)).toBe(friday);
    const asFree = await simulated(simFree);
    expect(asFree).toMatchObject({ asOf: friday, delayed: true, delayMinutes: 15 });
    expect(asFree.bars.at(-1)?.date).toBe(friday);
    const asPro = await simulated(simPro);
    expect(asPro).toMatchObject({ asOf: monday, delayed: false });
    expect(asPro.bars.at(-1)?.date).toBe(monday);
  },
  'GET /api/quotes': async () => {
    const seen = async (user: SignedUpUser) =>
      quotesResponseSchema.parse((await get('/api/quotes?symbols=AAPL,SPY', user)).body).quotes;
    const asFree = await seen(free);
    expectDelayed(
      asFree.find((quote) => quote.symbol === 'AAPL'),
      100,
      'quotes',
    );
    expectDelayed(
      asFree.find((quote) => quote.symbol === 'SPY'),
      400,
      'quotes',
    );
    const asPro = await seen(pro);
    expectRealtime(
      asPro.find((quote) => quote.symbol === 'AAPL'),
      120,
      'quotes',
    );
  },
  'GET /api/events': async () => {
    // Live prices: a Free tab is refused them and its stream never carries one.
    const proStream = await liveStream(pro);
    const freeStream = await liveStream(free);
    const freeAsk = await askLive(freeStream, free, ['AAPL']);
    expect(freeAsk.status).toBe(402);
    expect(((await freeAsk.json()) as { error: { code: string } }).error.code).toBe(
      'upgrade_required',
    );
    expect((await askLive(proStream, pro, ['AAPL'])).status).toBe(200);
    finnhub.setQuote('AAPL', { c: 121.5, pc: 99 });
    for (let second = 0; second < 120; second += 1) {
      if (proStream.events.some((event) => event.type === 'prices')) break;
      clock.set(new Date(now() + 1_000));
      testApp.app.marketData.market.refreshDue();
      await testApp.app.marketData.market.settled();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const prices = await proStream.waitFor((event) => event.type === 'prices');
    expect(prices).toEqual({
      type: 'prices',
      quotes: [{ symbol: 'AAPL', price: 121.5, change: 22.73, asOf: expect.any(String) }],
    });
    // The Free stream is older than the Pro one's price: anything for it would be there.
    expect(freeStream.events.filter((event) => event.type === 'prices')).toEqual([]);
  },
  'PUT /api/live/symbols': async () => {
    const stream = await liveStream(free);
    const refused = await askLive(stream, free, ['MSFT']);
    expect(refused.status).toBe(402);
  },
};

/** Routes that carry no price, and why. */
const priceFree: Record<string, string> = {
  'GET /api/health': 'the service and the feed, no price',
  'GET /api/auth/*': 'accounts and sessions',
  'POST /api/auth/*': 'accounts and sessions',
  'GET /api/me': 'the account',
  'GET /api/me/usage': 'plan and quotas',
  'GET /api/billing/config': 'how payments are taken',
  'GET /api/billing/subscription': 'the subscription',
  'POST /api/billing/checkout': 'payments',
  'POST /api/billing/checkout/confirm': 'payments',
  'POST /api/billing/plan-change': 'plan changes',
  'GET /api/notifications': 'notifications',
  'POST /api/notifications': 'publishes a notification',
  'POST /api/notifications/:id/read': 'marks a notification read',
  'GET /api/symbols': 'names, exchanges and sectors of securities, no price',
  'GET /api/stocks/:symbol/profile':
    "company profile and the provider's daily statistics, no quote (simulated figures stop at the viewer's last session)",
  'GET /api/operator/backup': 'a copy of the database, for the operator',
};

const key = (route: ApiRoute) => `${route.method} ${route.url}`;

async function liveStream(user: SignedUpUser): Promise<EventStream> {
  const stream = await openEventStream(`${baseUrl}/api/events`, user.cookie);
  streams.push(stream);
  await stream.waitFor((event) => event.type === 'hello');
  return stream;
}

function askLive(stream: EventStream, user: SignedUpUser, symbols: string[]) {
  const hello = stream.events.find((event) => event.type === 'hello') as Extract<
    LiveEvent,
    { type: 'hello' }
  >;
  return fetch(`${baseUrl}/api/live/symbols`, {
    method: 'PUT',
    headers: { cookie: user.cookie, origin: testOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ streamId: hello.streamId, symbols }),
  });
}

describe('a Free session', () => {
  it('knows every route as price-bearing or not', () => {
    const routes = testApp.app.apiRoutes.filter((route) => route.method !== 'HEAD').map(key);
    const unsorted = routes.filter((name) => !(name in priceBearing) && !(name in priceFree));
    expect(unsorted, 'sort each new route into priceBearing (with a check) or priceFree').toEqual(
      [],
    );
    const gone = [...Object.keys(priceBearing), ...Object.keys(priceFree)].filter(
      (name) => !routes.includes(name),
    );
    expect(gone, 'routes listed here that the app no longer has').toEqual([]);
  });

  for (const [route, check] of Object.entries(priceBearing)) {
    it(`never receives a newer price through ${route}`, check);
  }
});
