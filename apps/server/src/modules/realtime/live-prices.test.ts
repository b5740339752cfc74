import { type LiveEvent, liveSymbolLimit } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../test/event-stream.ts';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import {
  type FakeFinnhubStream,
  startFakeFinnhubStream,
} from '../../../test/fake-finnhub-stream.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { instantInNewYork } from '../../market-data/index.ts';
import { setTier } from '../profiles/service.ts';

type Prices = Extract<LiveEvent, { type: 'prices' }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Moves the app's clock on: a symbol's next turn comes without waiting for it. */
const pass = (ms: number) => clock.set(new Date(clock().getTime() + ms));
/** Monday 2026-03-16, 11:00 in New York: the session runs. */
const clock = testClock();
clock.set(new Date(instantInNewYork('2026-03-16', 11 * 60)));
let tradeTime = clock().getTime();

let finnhub: FakeFinnhub;
let stream: FakeFinnhubStream;
let testApp: TestApp;
let baseUrl: string;
let ada: SignedUpUser;
let bob: SignedUpUser;
let cleo: SignedUpUser;
const opened: EventStream[] = [];

beforeAll(async () => {
  finnhub = await startFakeFinnhub({ now: () => clock().getTime() });
  stream = await startFakeFinnhubStream({ apiKey: finnhub.apiKey });
  testApp = await createTestApp({
    clock,
    config: {
      market: {
        provider: 'finnhub',
        apiKey: finnhub.apiKey,
        baseUrl: finnhub.url,
        stream: { url: stream.url, symbolLimit: 50 },
      },
    },
  });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  [ada, bob, cleo] = [
    await signUpUser(testApp.app),
    await signUpUser(testApp.app),
    await signUpUser(testApp.app),
  ];
  await setTier(testApp.db.database.db, ada.id, 'pro');
  await setTier(testApp.db.database.db, bob.id, 'enterprise');
  // The tracked stocks have quotes, so trades can move them.
  const list = await testApp.app.inject({ url: '/api/stocks', headers: { cookie: ada.cookie } });
  expect(list.statusCode).toBe(200);
});
afterAll(async () => {
  for (const tab of opened) tab.close();
  await testApp.close();
  await stream.close();
  await finnhub.close();
});

async function openTab(user: SignedUpUser): Promise<{ events: EventStream; id: string }> {
  const events = await openEventStream(`${baseUrl}/api/events`, user.cookie);
  opened.push(events);
  const hello = await events.waitFor((event) => event.type === 'hello');
  return { events, id: (hello as Extract<LiveEvent, { type: 'hello' }>).streamId };
}

function show(user: SignedUpUser, id: string, symbols: string[]) {
  return fetch(`${baseUrl}/api/live/symbols`, {
    method: 'PUT',
    headers: { cookie: user.cookie, origin: testOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ streamId: id, symbols }),
  });
}

/** Every live price a tab received, in order. */
const pricesOf = (tab: EventStream) =>
  tab.events.flatMap((event) => (event.type === 'prices' ? (event as Prices).quotes : []));

function trade(symbol: string, price: number) {
  tradeTime = Math.max(tradeTime + 10, clock().getTime());
  stream.trade(symbol, price, tradeTime);
}

describe('live prices over /api/events', () => {
  it('sends each tab the symbols it asked for and no other, until it leaves', async () => {
    const aapl = await openTab(ada);
    const msft = await openTab(ada);
    const quiet = await openTab(bob);
    expect((await show(ada, aapl.id, ['AAPL'])).status).toBe(200);
    const shown = await show(ada, msft.id, ['MSFT', 'MSFT']);
    expect(await shown.json()).toEqual({ symbols: ['MSFT'] });
    await stream.waitForSubscribed(['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA']);

    trade('AAPL', 190.5);
    trade('MSFT', 420.1);
    trade('GOOGL', 150.2);
    await aapl.events.waitFor((event) => event.type === 'prices');
    await msft.events.waitFor((event) => event.type === 'prices');
    expect(pricesOf(aapl.events)).toEqual([
      { symbol: 'AAPL', price: 190.5, change: 1.6, asOf: expect.any(String) },
    ]);
    expect(pricesOf(msft.events).map((quote) => quote.symbol)).toEqual(['MSFT']);

    // The AAPL tab leaves the page: nothing more reaches it.
    expect(await (await show(ada, aapl.id, [])).json()).toEqual({ symbols: [] });
    pass(1_100);
    trade('AAPL', 191);
    trade('MSFT', 421);
    await msft.events.waitFor((event) => pricesOf(msft.events).length >= 2 && !!event);
    // Nothing must arrive on the other streams: their sockets get a moment to show it.
    await sleep(200);
    expect(pricesOf(aapl.events)).toHaveLength(1);
    expect(pricesOf(quiet.events)).toEqual([]);
  });

  it('sends at most one price a second per symbol, and the newest', async () => {
    const tab = await openTab(bob);
    expect((await show(bob, tab.id, ['TSLA'])).status).toBe(200);
    await stream.waitForSubscribed(['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA']);
    const arrivals: number[] = [];
    let seen = 0;
    const watching = setInterval(() => {
      const count = pricesOf(tab.events).length;
      for (; seen < count; seen += 1) arrivals.push(performance.now());
    }, 2);
    // 40 trades over 3 seconds of real time, each a cent higher: the spacing of the prices a
    // socket receives is what is measured, so real time passes here.
    for (let tick = 0; tick < 40; tick += 1) {
      trade('TSLA', 240 + tick / 100);
      await sleep(75);
    }
    await sleep(1_200);
    clearInterval(watching);
    const prices = pricesOf(tab.events).map((quote) => quote.price);
    expect(prices.length).toBeGreaterThanOrEqual(3);
    expect(prices.length).toBeLessThanOrEqual(5);
    // The last trade's price arrives even though it came within the second.
    expect(prices.at(-1)).toBe(240.39);
    for (let index = 1; index < arrivals.length; index += 1) {
      // The server spaces them by a second; the socket may bunch two by a few milliseconds.
      expect(arrivals[index]! - arrivals[index - 1]!).toBeGreaterThan(950);
    }
  });

  it('refuses live prices to a Free plan, and a tab to anyone but its user', async () => {
    const freeTab = await openTab(cleo);
    const refused = await show(cleo, freeTab.id, ['AAPL']);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      code: 'upgrade_required',
      requiredTier: 'pro',
    });
    // Ending, on the other hand, is always allowed.
    expect((await show(cleo, freeTab.id, [])).status).toBe(200);

    const adaTab = await openTab(ada);
    expect((await show(ada, adaTab.id, ['AMZN'])).status).toBe(200);
    // Bob names Ada's tab: it is not his, so nothing here changes (another instance may hold
    // a tab of his by that id: the request is passed on, 202).
    expect((await show(bob, adaTab.id, ['GOOGL'])).status).toBe(202);
    pass(1_100);
    trade('GOOGL', 151);
    trade('AMZN', 180.5);
    await adaTab.events.waitFor((event) => event.type === 'prices');
    // Nothing more must arrive on the socket: it gets a moment to show it.
    await sleep(200);
    expect(pricesOf(adaTab.events).map((quote) => quote.symbol)).toEqual(['AMZN']);
    expect(pricesOf(freeTab.events)).toEqual([]);
  });

  it('stops a tab’s prices as soon as its user’s plan loses real-time data', async () => {
    const dan = await signUpUser(testApp.app);
    const { db } = testApp.db.database;
    await setTier(db, dan.id, 'pro');
    const tab = await openTab(dan);
    expect((await show(dan, tab.id, ['MSFT'])).status).toBe(200);
    pass(1_100);
    trade('MSFT', 425);
    await tab.events.waitFor((event) => event.type === 'prices');

    // The moment the database announces the move to Free, as every instance hears it.
    let heard: number | undefined;
    const unlisten = await testApp.db.database.listen('api_access_changed', (userId) => {
      if (userId === dan.id) heard ??= pricesOf(tab.events).length;
    });
    await setTier(db, dan.id, 'free');
    const announced = performance.now();
    // The announcement comes over the database's connection.
    while (heard === undefined && performance.now() - announced < 1_000) await sleep(5);
    await unlisten();
    expect(heard).toBeDefined();
    // Trades a second apart on the clock, each one due: none reaches the tab any more (its
    // socket gets a moment to show it).
    for (let tick = 1; tick <= 12; tick += 1) {
      pass(1_000);
      trade('MSFT', 425 + tick);
      await sleep(5);
    }
    await sleep(200);
    expect(pricesOf(tab.events)).toHaveLength(heard ?? -1);
    // The tab may ask again: Free is told real-time prices are not part of its plan.
    expect((await show(dan, tab.id, ['MSFT'])).status).toBe(402);
  });

  it('refuses symbols nobody lists, and more than a tab may follow', async () => {
    const tab = await openTab(ada);
    const unknown = await show(ada, tab.id, ['AAPL', 'ZZZZZ']);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: unknown }).error).toMatchObject({
      code: 'unknown_symbol',
      message: 'No US stock or ETF has the symbol ZZZZZ.',
    });
    const many = Array.from({ length: liveSymbolLimit + 1 }, (_, index) => `A${index}`);
    const tooMany = await show(ada, tab.id, many);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { code: string } }).error.code).toBe(
      'validation_failed',
    );
    const badId = await show(ada, 'not an id', ['AAPL']);
    expect(badId.status).toBe(400);
  });
});
