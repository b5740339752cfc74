import {
  analysisExampleSchema,
  analysisResponseSchema,
  companyDataSchema,
  etfListSchema,
  financialStatementsSchema,
  historyResponseSchema,
  holdingsResponseSchema,
  intradayResponseSchema,
  type LiveEvent,
  marketOverviewSchema,
  performanceResponseSchema,
  portfolioExampleSchema,
  portfolioSummarySchema,
  quoteResponseSchema,
  quotesResponseSchema,
  screenerResponseSchema,
  stockListSchema,
  stockResponseSchema,
  watchlistDetailSchema,
  whyItMovedSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../src/http/route-access.ts';
import { simulatedQuote } from '../src/market-data/adapters/simulated/provider.ts';
import {
  instantInNewYork,
  lastClosedSession,
} from '../src/market-data/calendar/market-calendar.ts';
import { setTier } from '../src/modules/profiles/service.ts';
import { type EventStream, openEventStream } from './event-stream.ts';
import { type FakeFinnhub, startFakeFinnhub } from './fake-finnhub.ts';
import { type FakeTiingo, fakeIexPrice, startFakeTiingo } from './fake-tiingo.ts';
import {
  createTestApp,
  type SignedUpUser,
  setTierHeard,
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

/** A POST that must succeed, to the main test app or, with `on`, another. */
async function post(path: string, user: SignedUpUser, payload: object, on = testApp) {
  const response = await on.app.inject({
    method: 'POST',
    url: path,
    headers: { cookie: user.cookie, origin: testOrigin },
    payload,
  });
  expect(response.statusCode, `${path}: ${response.body}`).toBeLessThan(300);
  return response.json() as Record<string, { id: string }>;
}

/** Each simulated-market user's watchlist of AAPL. */
const simLists = new Map<SignedUpUser, string>();

/** Each user's watchlist of AAPL and SPY, and portfolio of one AAPL bought on Tuesday. */
const lists = new Map<SignedUpUser, { watchlist: string; portfolio: string }>();

async function listsOf(user: SignedUpUser) {
  let known = lists.get(user);
  if (!known) {
    const watchlist = (await post('/api/watchlists', user, { name: 'Core' })).watchlist!.id;
    await post(`/api/watchlists/${watchlist}/symbols`, user, { symbol: 'AAPL' });
    await post(`/api/watchlists/${watchlist}/symbols`, user, { symbol: 'SPY' });
    const portfolio = (await post('/api/portfolios', user, { name: 'Main' })).portfolio!.id;
    await post(`/api/portfolios/${portfolio}/transactions`, user, {
      kind: 'buy',
      date: '2026-03-10',
      symbol: 'AAPL',
      quantity: '1',
      price: '90',
    });
    known = { watchlist, portfolio };
    lists.set(user, known);
  }
  return known;
}

/** AAPL's real-time price now (120, or later prices a check set), as Pro's quotes say. */
async function realtimeAapl(): Promise<number> {
  const { quotes } = quotesResponseSchema.parse((await get('/api/quotes?symbols=AAPL', pro)).body);
  return quotes[0]!.price;
}

/** An Enterprise user's API key: the public API serves prices as the owner's plan sees them. */
async function apiKeyOf(user: SignedUpUser): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { origin: testOrigin, cookie: user.cookie },
    payload: { name: 'Prices', password: user.password },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { secret: string }).secret;
}

/** A key whose owner is on Free gets 402 from `path`, whatever it names: no price at all. */
async function keyRefusedOnFree(path: string, method: 'GET' | 'POST' = 'GET') {
  const owner = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, owner.id, 'enterprise');
  const secret = await apiKeyOf(owner);
  await setTierHeard(testApp, owner.id, 'free');
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(response.status, path).toBe(402);
}

async function simGet(path: string, user: SignedUpUser) {
  const response = await sim.app.inject({ url: path, headers: { cookie: user.cookie } });
  return response.json() as unknown;
}

function simPost(path: string, user: SignedUpUser, payload: object) {
  return post(path, user, payload, sim);
}

/**
 * The simulated market a minute after Free's close of Monday (16:16): Free now sees Monday's
 * bar as Pro does. The clock goes back to 16:07 for the other checks.
 */
async function afterFreeClose(check: () => Promise<void>) {
  const before = simClock();
  simClock.set(new Date(at(16, 16)));
  try {
    await check();
  } finally {
    simClock.set(before);
  }
}

/** In a list on the simulated market, a row's month of closes ends on Friday for Free. */
async function expectListBars(path: string, symbol: string) {
  const lastBar = async (user: SignedUpUser) => {
    const body = (await simGet(path, user)) as Record<string, unknown>;
    const rows = stockListSchema.shape.stocks.parse(body.stocks ?? body.etfs);
    return rows.find((row) => row.symbol === symbol)?.historicalData.at(-1)?.date;
  };
  expect(await lastBar(simFree), `${path}: Free's ${symbol} ends on Friday`).toBe(friday);
  expect(await lastBar(simPro), `${path}: Pro's ${symbol} on Monday`).toBe(monday);
  await afterFreeClose(async () => {
    // A list is shared for a second of the market's time: nine minutes have gone by.
    expect(await lastBar(simFree), `${path}: at 16:16 Free's ends on Monday`).toBe(monday);
  });
}

/** Each simulated-market user's portfolio of one AAPL bought on Tuesday the 10th. */
const simPortfolios = new Map<SignedUpUser, string>();

/** On the simulated market a portfolio's daily values end on Friday for Free. */
async function expectCurveEnds(path: (portfolio: string) => string) {
  const curve = async (user: SignedUpUser) => {
    let id = simPortfolios.get(user);
    if (!id) {
      id = (await simPost('/api/portfolios', user, { name: 'Main' })).portfolio!.id;
      await simPost(`/api/portfolios/${id}/transactions`, user, {
        kind: 'buy',
        date: '2026-03-10',
        symbol: 'AAPL',
        quantity: '1',
        price: '90',
      });
      simPortfolios.set(user, id);
    }
    const body = performanceResponseSchema.parse(await simGet(path(id), user));
    return { to: body.to, closes: body.closes.asOf, last: body.points.at(-1)?.date };
  };
  expect(await curve(simFree), "Free's curve ends at Friday's close").toEqual({
    to: friday,
    closes: friday,
    last: friday,
  });
  const asPro = await curve(simPro);
  expect(asPro).toEqual({ to: monday, closes: monday, last: monday });
  await afterFreeClose(async () => {
    expect(await curve(simFree), 'at 16:16 Free sees Monday').toEqual(asPro);
  });
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
  tiingo = await startFakeTiingo({ now });
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

/** "Why it moved" shows the day's move as the stock page shows it to the plan. */
async function expectDayMoveAsPlanSees(method: 'GET' | 'POST') {
  const seen = async (user: SignedUpUser) => {
    const path = '/api/stocks/AAPL/why-it-moved';
    const body = method === 'GET' ? (await get(path, user)).body : await post(path, user, {});
    return whyItMovedSchema.parse(body).move;
  };
  expectDelayed(await seen(free), 100, '“Why it moved”');
  expectRealtime(await seen(pro), await realtimeAapl(), '“Why it moved”');
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
    await expectListBars('/api/stocks', 'AAPL');
  },
  'GET /api/screener': async () => {
    // The rows' bar figures are read in the background: read them now, for both plans' days.
    await testApp.app.screener.refresh();
    const seen = async (user: SignedUpUser) => {
      const answer = screenerResponseSchema.parse(
        (await get('/api/screener?columns=price&limit=600', user)).body,
      );
      const row = answer.rows.find((entry) => entry.symbol === 'AAPL');
      return { ...answer, price: row?.price as number };
    };
    const asFree = await seen(free);
    expectDelayed(asFree, 100, 'the screener');
    expect(asFree.closesAsOf, "the screener's figures stop at Friday for Free").toBe(friday);
    const asPro = await seen(pro);
    expectRealtime(asPro, await realtimeAapl(), 'the screener');
    expect(asPro.closesAsOf).toBe(monday);
  },
  'GET /api/market/overview': async () => {
    const seen = async (user: SignedUpUser) => {
      const answer = marketOverviewSchema.parse((await get('/api/market/overview', user)).body);
      const spy = answer.indexes.find((fund) => fund.symbol === 'SPY');
      return { ...answer, price: spy?.price as number };
    };
    expectDelayed(await seen(free), 400, 'the market overview');
    expectRealtime(await seen(pro), 420, 'the market overview');
  },
  'GET /api/etfs': async () => {
    const seen = async (user: SignedUpUser) =>
      etfListSchema
        .parse((await get('/api/etfs', user)).body)
        .etfs.find((etf) => etf.symbol === 'SPY');
    expectDelayed(await seen(free), 400, 'the ETFs list');
    expectRealtime(await seen(pro), 420, 'the ETFs list');
    await expectListBars('/api/etfs', 'SPY');
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
    // The moving averages stop where the bars do: Free's last one is Friday's.
    const averaged = async (user: SignedUpUser) =>
      historyResponseSchema.parse(
        await simGet('/api/stocks/AAPL/history?range=1m&averages=sma', user),
      );
    const freeAverages = await averaged(simFree);
    const proAverages = await averaged(simPro);
    expect(freeAverages.bars.at(-1)?.date).toBe(friday);
    expect(freeAverages.averages?.sma50).toHaveLength(freeAverages.bars.length);
    const fridayIndex = proAverages.bars.findIndex((bar) => bar.date === friday);
    expect(freeAverages.averages?.sma50.at(-1)).toBe(proAverages.averages?.sma50[fridayIndex]);
    expect(proAverages.averages?.sma50.at(-1)).not.toBe(freeAverages.averages?.sma50.at(-1));
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
  'GET /api/stocks/:symbol/intraday': async () => {
    // Tiingo's IEX bars (this Finnhub key has no candles): Free gets only the 5-minute bars
    // that ended 15 minutes ago, so no close in them, not even in a 15-minute bar of 5D under
    // way, is newer than its cutoff; Pro gets Monday's to the close.
    const cutoff = now() - 15 * 60_000;
    for (const range of ['1d', '5d']) {
      const seen = async (user: SignedUpUser) =>
        intradayResponseSchema.parse(
          (await get(`/api/stocks/AAPL/intraday?range=${range}`, user)).body,
        );
      const asFree = await seen(free);
      expect(asFree).toMatchObject({ source: 'tiingo', available: true, delayed: true });
      expect(asFree.bars.length, range).toBeGreaterThan(0);
      expect(
        Date.parse(asFree.asOf!),
        `${range}: Free's bars end by its cutoff`,
      ).toBeLessThanOrEqual(cutoff);
      expect(asFree.bars.every((bar) => Date.parse(bar.time) < cutoff)).toBe(true);
      expect(asFree.bars.at(-1)?.close, `${range}: Free's last close is the price at its end`).toBe(
        fakeIexPrice('aapl', Date.parse(asFree.asOf!)),
      );
      const asPro = await seen(pro);
      expect(asPro).toMatchObject({ delayed: false, asOf: new Date(at(16, 0)).toISOString() });
      expect(asPro.bars.at(-1)?.close).toBe(fakeIexPrice('aapl', at(16, 0)));
      expect(asPro.bars.length).toBeGreaterThan(asFree.bars.length);
    }

    // The simulated market at 16:07: Free's bars stop at 15:52, at the price its quote shows.
    const simulated = async (user: SignedUpUser, range: string) =>
      intradayResponseSchema.parse(await simGet(`/api/stocks/AAPL/intraday?range=${range}`, user));
    for (const range of ['1d', '5d']) {
      const asFree = await simulated(simFree, range);
      expect(asFree).toMatchObject({
        delayed: true,
        delayMinutes: 15,
        simulated: true,
        asOf: new Date(at(15, 52)).toISOString(),
      });
      expect(asFree.bars.every((bar) => Date.parse(bar.time) < at(15, 52))).toBe(true);
      expect(asFree.bars.at(-1)?.close, `${range}: Free's last close is its quote`).toBe(
        simulatedQuote('AAPL', at(15, 52)).price,
      );
      const asPro = await simulated(simPro, range);
      expect(asPro).toMatchObject({ delayed: false, asOf: new Date(at(16, 0)).toISOString() });
      expect(asPro.bars.at(-1)?.close, "Pro's last close is Monday's close").toBe(
        simulatedQuote('AAPL', at(16, 7)).price,
      );
    }
  },
  'GET /api/stocks/:symbol/analysis': async () => {
    // JPM's history is first asked for now, after Monday's close: its bar is there.
    const seen = async (user: SignedUpUser) =>
      analysisResponseSchema.parse((await get('/api/stocks/JPM/analysis', user)).body);
    expect((await seen(pro)).dataDate, "Pro's analysis is as of Monday's close").toBe(monday);
    const asFree = await seen(free);
    expect(asFree.dataDate, "Free's analysis is as of Friday's close").toBe(friday);
    expect(asFree).toMatchObject({ delayed: true, delayMinutes: 15 });
    expect(asFree.figures.date).toBe(friday);
    expect(asFree.rating.date).toBe(friday);

    // The simulated market, whose Monday bar is stored at 16:05.
    const simulated = async (user: SignedUpUser) =>
      analysisResponseSchema.parse(await simGet('/api/stocks/AAPL/analysis', user));
    const simAsPro = await simulated(simPro);
    expect(simAsPro).toMatchObject({
      dataDate: monday,
      priceSource: 'simulated',
      delayed: false,
      delayMinutes: 0,
    });
    const simAsFree = await simulated(simFree);
    expect(simAsFree.dataDate).toBe(friday);
    expect(simAsFree.figures.close, "Friday's close, not Monday's").not.toBe(
      simAsPro.figures.close,
    );
    expect(simAsFree.company?.asOf ?? friday, 'company figures stop at Friday too').toBe(friday);
    // Friday's reading is computed once and shared, like Monday's: asking again reads nothing.
    const { technicals } = sim.app.analysis;
    const computed = technicals.computed;
    expect(await simulated(simFree)).toEqual(simAsFree);
    expect(await simulated(simPro)).toEqual(simAsPro);
    expect(technicals.computed).toBe(computed);
    await afterFreeClose(async () => {
      const later = await simulated(simFree);
      expect(later.dataDate, 'at 16:16 Free sees Monday').toBe(monday);
      expect(later.figures).toEqual(simAsPro.figures);
      expect(later.rating).toEqual(simAsPro.rating);
      expect(technicals.computed, "Monday's reading is Pro's").toBe(computed);
    });
  },
  'POST /api/stocks/:symbol/analysis/written': async () => {
    // Free has no written analysis: refused before any figure is sent, streamed or not.
    for (const accept of ['application/json', 'text/event-stream']) {
      const response = await fetch(`${baseUrl}/api/stocks/JPM/analysis/written`, {
        method: 'POST',
        headers: { cookie: free.cookie, origin: testOrigin, accept },
      });
      expect(response.status, accept).toBe(402);
      expect(await response.json()).toMatchObject({ error: { code: 'upgrade_required' } });
    }
  },
  'POST /api/stocks/:symbol/ask': async () => {
    for (const accept of ['application/json', 'text/event-stream']) {
      const response = await fetch(`${baseUrl}/api/stocks/JPM/ask`, {
        method: 'POST',
        headers: {
          cookie: free.cookie,
          origin: testOrigin,
          accept,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ question: 'How did the shares do this year?' }),
      });
      expect(response.status, accept).toBe(402);
      expect(await response.json()).toMatchObject({ error: { code: 'upgrade_required' } });
    }
  },
  'GET /api/stocks/:symbol/profile': async () => {
    // The simulated company figures are derived from the closes: Free's stop at Friday's.
    const seen = async (user: SignedUpUser) =>
      companyDataSchema.parse(await simGet('/api/stocks/JPM/profile', user));
    const asFree = await seen(simFree);
    const asPro = await seen(simPro);
    expect(asFree.asOf, "Free's figures as of Friday").toBe(friday);
    expect(asPro.asOf).toBe(monday);
    await afterFreeClose(async () => {
      expect(await seen(simFree), 'at 16:16 Free sees Monday').toEqual(asPro);
    });
  },
  'GET /api/stocks/:symbol/financials': async () => {
    // The simulated statements are drawn at the last close the plan sees, as the key
    // statistics are: Free's agree with Free's statistics, and at 16:16 become Pro's.
    const seen = async (user: SignedUpUser) =>
      financialStatementsSchema.parse(await simGet('/api/stocks/AAPL/financials', user)).annual;
    const eps = async (user: SignedUpUser) =>
      companyDataSchema.parse(await simGet('/api/stocks/AAPL/profile', user)).metrics.eps;
    const cents = (value: number | null | undefined) =>
      value == null ? null : Math.round(value * 100) / 100;
    const asFree = await seen(simFree);
    const asPro = await seen(simPro);
    expect(cents(asFree[0]?.income.eps), "Free's TTM EPS is Free's statistic").toBe(
      await eps(simFree),
    );
    expect(cents(asPro[0]?.income.eps)).toBe(await eps(simPro));
    await afterFreeClose(async () => {
      expect(await seen(simFree), 'at 16:16 Free sees Monday').toEqual(asPro);
    });
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
      // The live price goes out over a real socket: it gets a moment to arrive.
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
  'GET /api/watchlists/:id': async () => {
    const seen = async (user: SignedUpUser) => {
      const { watchlist } = await listsOf(user);
      const detail = watchlistDetailSchema.parse(
        (await get(`/api/watchlists/${watchlist}`, user)).body,
      );
      const row = detail.rows.find((candidate) => candidate.symbol === 'AAPL');
      return row && { ...row, price: row.price ?? 0, asOf: row.quotedAt ?? '' };
    };
    expectDelayed(await seen(free), 100, 'a watchlist row');
    expectRealtime(await seen(pro), await realtimeAapl(), 'a watchlist row');

    // The month of closes and the rating come from stored bars: Free's stop at Friday.
    const simRow = async (user: SignedUpUser) => {
      const known = simLists.get(user);
      const id = known ?? (await simPost('/api/watchlists', user, { name: 'Core' })).watchlist!.id;
      if (!known) {
        simLists.set(user, id);
        await simPost(`/api/watchlists/${id}/symbols`, user, { symbol: 'AAPL' });
      }
      const detail = watchlistDetailSchema.parse(await simGet(`/api/watchlists/${id}`, user));
      const row = detail.rows.find((candidate) => candidate.symbol === 'AAPL')!;
      return { last: row.sparkline.at(-1)?.date, ratingAsOf: row.ratingAsOf, rating: row.rating };
    };
    expect(await simRow(simFree), "Free's sparkline and rating end on Friday").toMatchObject({
      last: friday,
      ratingAsOf: friday,
    });
    const asPro = await simRow(simPro);
    expect(asPro).toMatchObject({ last: monday, ratingAsOf: monday });
    await afterFreeClose(async () => {
      expect(await simRow(simFree), 'at 16:16 Free sees Monday').toEqual(asPro);
    });
  },
  'GET /api/analysis/example': async () => {
    // Anyone may read it, and it is the Free plan's view: Friday's close after Monday's.
    const response = await sim.app.inject({ url: '/api/analysis/example' });
    expect(response.statusCode, response.body).toBe(200);
    const example = analysisExampleSchema.parse(response.json());
    expect(example).toMatchObject({
      symbol: 'AAPL',
      dataDate: friday,
      priceSource: 'simulated',
      delayMinutes: 15,
    });
    const asFree = analysisResponseSchema.parse(await simGet('/api/stocks/AAPL/analysis', simFree));
    expect(example.rating).toEqual(asFree.rating);
    expect(example.figures).toEqual(asFree.figures);
  },
  'GET /api/portfolios/example': async () => {
    const response = await testApp.app.inject({ url: '/api/portfolios/example' });
    expect(response.statusCode, response.body).toBe(200);
    const holding = portfolioExampleSchema
      .parse(response.json())
      .holdings.find((candidate) => candidate.symbol === 'AAPL');
    expect(holding && { price: Number(holding.price), ...holding.priceSource }).toMatchObject({
      price: 100,
      delayed: true,
    });
    expect(Date.parse(holding!.priceSource.asOf!)).toBeLessThanOrEqual(now() - 15 * 60_000);
  },
  'GET /api/portfolios/:portfolioId/holdings': async () => {
    const seen = async (user: SignedUpUser) => {
      const { portfolio } = await listsOf(user);
      const body = holdingsResponseSchema.parse(
        (await get(`/api/portfolios/${portfolio}/holdings`, user)).body,
      );
      const holding = body.holdings.find((candidate) => candidate.symbol === 'AAPL');
      return holding && { price: Number(holding.price), ...holding.priceSource };
    };
    const asFree = await seen(free);
    expect(asFree, 'a holding at the price of 15 minutes ago').toMatchObject({
      price: 100,
      delayed: true,
    });
    expect(Date.parse(asFree!.asOf!)).toBeLessThanOrEqual(now() - 15 * 60_000);
    expect(await seen(pro)).toMatchObject({ price: await realtimeAapl(), delayed: false });

    // JPM has no quote, and Monday's bar is stored (its history was first asked for after the
    // close): a holding is valued at the last stored close the plan may see.
    const closeOf = async (user: SignedUpUser) => {
      const { portfolio } = await listsOf(user);
      const { transaction } = await post(`/api/portfolios/${portfolio}/transactions`, user, {
        kind: 'buy',
        date: '2026-03-10',
        symbol: 'JPM',
        quantity: '1',
        price: '300',
      });
      const body = holdingsResponseSchema.parse(
        (await get(`/api/portfolios/${portfolio}/holdings`, user)).body,
      );
      // The ledger goes back to AAPL alone for the checks that follow.
      const removed = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/portfolios/${portfolio}/transactions/${transaction!.id}`,
        headers: { cookie: user.cookie, origin: testOrigin },
      });
      expect(removed.statusCode).toBeLessThan(300);
      const holding = body.holdings.find((candidate) => candidate.symbol === 'JPM')!;
      return { price: Number(holding.price), day: holding.priceSource.asOf?.slice(0, 10) };
    };
    const asPro = await closeOf(pro);
    const bars = historyResponseSchema.parse(
      (await get('/api/stocks/JPM/history?range=1m', pro)).body,
    ).bars;
    const closeOn = (date: string) => bars.find((bar) => bar.date === date)?.close;
    expect(asPro).toEqual({ price: closeOn(monday), day: monday });
    expect(await closeOf(free), "Free's JPM at Friday's close").toEqual({
      price: closeOn(friday),
      day: friday,
    });
  },
  'GET /api/portfolios/summary': async () => {
    const value = async (user: SignedUpUser) => {
      await listsOf(user);
      const summary = portfolioSummarySchema.parse(
        (await get('/api/portfolios/summary', user)).body,
      );
      return summary;
    };
    const asFree = await value(free);
    const asPro = await value(pro);
    // The same ledger: only the price differs (100 for Free, 120 for Pro).
    expect(JSON.stringify(asFree)).toContain('100');
    expect(asFree.prices.delayed).toBe(true);
    expect(asPro.prices.delayed).toBe(false);
    expect(JSON.stringify(asPro)).toContain(String(await realtimeAapl()));
  },
  'GET /api/portfolios/performance': async () => {
    await listsOf(free);
    const body = performanceResponseSchema.parse(
      (await get('/api/portfolios/performance?range=1m', free)).body,
    );
    expect(body.to === null || body.to <= friday, "Free's curve ends at Friday's close").toBe(true);
    await expectCurveEnds(() => '/api/portfolios/performance?range=1m');
  },
  'GET /api/portfolios/:portfolioId/performance': async () => {
    const { portfolio } = await listsOf(free);
    const body = performanceResponseSchema.parse(
      (await get(`/api/portfolios/${portfolio}/performance?range=1m`, free)).body,
    );
    expect(body.to === null || body.to <= friday, "Free's curve ends at Friday's close").toBe(true);
    await expectCurveEnds((id) => `/api/portfolios/${id}/performance?range=1m`);
  },
  'GET /api/portfolios/:portfolioId/exports/holdings.csv': async () => {
    const { portfolio } = await listsOf(free);
    const response = await fetch(`${baseUrl}/api/portfolios/${portfolio}/exports/holdings.csv`, {
      headers: { cookie: free.cookie },
    });
    const csv = await response.text();
    expect(csv).toMatch(/AAPL/);
    expect(csv, 'the holding at 100, not 120').not.toMatch(/\b120(\.0+)?\b/);
  },
  'GET /api/v1/quotes/:symbol': async () => {
    const owner = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, owner.id, 'enterprise');
    const secret = await apiKeyOf(owner);
    const quote = async () =>
      fetch(`${baseUrl}/api/v1/quotes/AAPL`, { headers: { authorization: `Bearer ${secret}` } });
    const asEnterprise = quoteResponseSchema.parse(await (await quote()).json()).quote;
    expectRealtime(asEnterprise, await realtimeAapl(), 'the public quote');
    // On Free the key serves no price at all, however recent.
    await setTierHeard(testApp, owner.id, 'free');
    expect((await quote()).status).toBe(402);
  },
  'GET /api/v1/stocks/:symbol': async () => {
    const owner = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, owner.id, 'alpha');
    const secret = await apiKeyOf(owner);
    const stock = async () =>
      fetch(`${baseUrl}/api/v1/stocks/AAPL`, { headers: { authorization: `Bearer ${secret}` } });
    expectRealtime(
      stockResponseSchema.parse(await (await stock()).json()).stock,
      await realtimeAapl(),
      'the public stock',
    );
    await setTierHeard(testApp, owner.id, 'free');
    expect((await stock()).status).toBe(402);
  },
  'GET /api/v1/stocks/:symbol/intraday': async () => {
    // As the chart: a real-time owner's key reads the bars to Monday's close, and on Free none.
    const owner = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, owner.id, 'enterprise');
    const secret = await apiKeyOf(owner);
    const bars = async () =>
      fetch(`${baseUrl}/api/v1/stocks/AAPL/intraday?range=5d`, {
        headers: { authorization: `Bearer ${secret}` },
      });
    const asEnterprise = intradayResponseSchema.parse(await (await bars()).json());
    expect(asEnterprise).toMatchObject({
      source: 'tiingo',
      delayed: false,
      delayMinutes: 0,
      asOf: new Date(at(16, 0)).toISOString(),
    });
    expect(asEnterprise.bars.at(-1)?.close).toBe(fakeIexPrice('aapl', at(16, 0)));
    await setTierHeard(testApp, owner.id, 'free');
    expect((await bars()).status).toBe(402);
  },
  'GET /api/v1/stocks/:symbol/analysis': async () => {
    // As the analysis page: a real-time owner's key reads Monday's close, and on Free none.
    const owner = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, owner.id, 'enterprise');
    const secret = await apiKeyOf(owner);
    const analysis = async () =>
      fetch(`${baseUrl}/api/v1/stocks/JPM/analysis`, {
        headers: { authorization: `Bearer ${secret}` },
      });
    const asEnterprise = analysisResponseSchema.parse(await (await analysis()).json());
    expect(asEnterprise.dataDate).toBe(monday);
    await setTierHeard(testApp, owner.id, 'free');
    expect((await analysis()).status).toBe(402);
  },
  // The key routes below serve prices through the same services as the screens' routes above,
  // as the owner's plan sees them; on Free a key is refused before any of them answers.
  ...Object.fromEntries(
    [
      '/api/v1/watchlists/:id',
      '/api/v1/stocks/:symbol/history',
      '/api/v1/stocks/:symbol/company',
      '/api/v1/portfolios/summary',
      '/api/v1/portfolios/:portfolioId/holdings',
      '/api/v1/portfolios/:portfolioId/performance',
    ].map((url) => [`GET ${url}`, () => keyRefusedOnFree(url.replace(/:\w+/g, 'x'))]),
  ),
  'POST /api/v1/stocks/:symbol/analysis/written': () =>
    keyRefusedOnFree('/api/v1/stocks/x/analysis/written', 'POST'),
  'GET /api/stocks/:symbol/why-it-moved': () => expectDayMoveAsPlanSees('GET'),
  'POST /api/stocks/:symbol/why-it-moved': () => expectDayMoveAsPlanSees('POST'),
  'PUT /api/live/symbols': async () => {
    const stream = await liveStream(free);
    const refused = await askLive(stream, free, ['MSFT']);
    expect(refused.status).toBe(402);
  },
};

/** Routes that carry no price, and why. */
const priceFree: Record<string, string> = {
  'GET /api/screens': 'saved screens: names and filters, no price',
  'POST /api/screens': 'saves a screen',
  'PATCH /api/screens/:id': 'changes a saved screen',
  'DELETE /api/screens/:id': 'deletes a saved screen',
  'GET /api/health': 'the service and the feed, no price',
  'GET /api/market/status': 'whether the exchange trades, from the calendar, no price',
  'GET /api/portfolios/:portfolioId/imports/progress': 'how far an import has gone, no price',
  'POST /api/operator/invitations': 'invitation codes, for the operator',
  'GET /api/v1/stocks/:symbol/analysis/written': 'answers 405 naming the POST',
  'GET /api/auth/*': 'accounts and sessions',
  'POST /api/auth/*': 'accounts and sessions',
  'GET /api/me': 'the account',
  'GET /api/me/risk-profile': "the risk assessment's saved answers and profile",
  'PUT /api/me/risk-profile': "saves the risk assessment's answers",
  'DELETE /api/me/risk-profile': 'forgets the saved risk profile',
  'GET /api/me/usage': 'plan and quotas',
  'GET /api/email/verification': 'whether the address is confirmed',
  'POST /api/email/verification': 'sends the confirmation link again',
  'GET /api/me/email-change': 'the address and a change waiting for its link',
  'POST /api/me/email-change': 'asks to change the address',
  'DELETE /api/me/email-change': 'drops a change of address',
  'POST /api/email-change/confirm': 'confirms a change of address',
  'POST /api/email-change/undo': 'undoes a change of address',
  'GET /api/analysis/recent': 'which analyses the user read, and when: symbols and names, no price',
  'GET /api/alerts/firings':
    'alerts fire only on real-time plans; a firing records the price that met the alert, as its notification does',
  'GET /api/billing/config': 'how payments are taken',
  'GET /api/billing/subscription': 'the subscription',
  'POST /api/billing/checkout': 'payments',
  'POST /api/billing/checkout/confirm': 'payments',
  'POST /api/billing/plan-change': 'plan changes',
  'GET /api/notifications': 'notifications',
  'POST /api/notifications': 'publishes a notification',
  'POST /api/notifications/:id/read': 'marks a notification read',
  'GET /api/symbols': 'names, exchanges and sectors of securities, no price',
  'GET /api/stocks/:symbol/news': 'headlines with their publisher and time, no price',
  'GET /api/stocks/:symbol/earnings': 'earnings dates and per-share results, no price',
  'GET /api/stocks/:symbol/filings': 'SEC filings: forms, dates and links, no price',
  'GET /api/stocks/:symbol/filings/:accession/summary':
    'a summary of a filing’s text; its figures are the filing’s, no price',
  'POST /api/stocks/:symbol/filings/:accession/summary':
    'writes a summary of a filing’s text; its figures are the filing’s, no price',
  'GET /api/stocks/:symbol/fund':
    "a fund's expense ratio, assets and holdings, no price; its yield is the key statistics' as the plan sees them",
  'GET /api/earnings/week':
    'report dates and per-share estimates of the stocks the user follows, no price',
  'GET /api/v1/stocks/:symbol/news': 'headlines with their publisher and time, no price',
  'GET /api/v1/stocks/:symbol/earnings': 'earnings dates and per-share results, no price',
  'GET /api/v1/stocks/:symbol/filings': 'SEC filings: forms, dates and links, no price',
  'GET /api/tools/allocation-years':
    'returns of complete calendar years of three funds, never a price of the year under way',
  'GET /api/community/preview':
    "posts; a post's chart stops at the last day a Free plan may see (post-charts.test.ts)",
  'GET /api/operator/backup': 'a copy of the database, for the operator',
  'GET /api/me/sessions': 'devices signed in',
  'GET /api/me/two-factor': 'whether two-factor sign-in is on',
  'POST /api/auth/sign-in/email-code': 'emails a one-time sign-in code',
  'GET /api/auth/not-me': 'a page asking to sign out everywhere',
  'POST /api/auth/not-me': 'signs out everywhere',
  'DELETE /api/me/sessions/:id': 'signs a device out',
  'GET /api/auth/devices': 'browsers the account knows',
  'DELETE /api/auth/devices/:id': 'forgets a browser',
  'POST /api/me/sessions/sign-out-others': 'signs devices out',
  'GET /api/billing/payments': 'payment history',
  'GET /api/billing/receipts': 'printable receipts',
  'GET /api/billing/receipts/:id': 'a printable receipt',
  'GET /api/notification-preferences': 'email choices',
  'PATCH /api/notification-preferences': 'email choices',
  'GET /api/community/me': 'the member and the posting quota of the month',
  'PUT /api/community/profile': 'handle, name and bio',
  'GET /api/community/users/:handle': 'a member and their posts: text, no price',
  'GET /api/community/feed': 'posts: text and cashtag links, no price',
  'POST /api/community/posts':
    'writes a post; the small-company check reads a price but answers none',
  'GET /api/community/posts/:id': 'a post and its replies: text, no price',
  'PATCH /api/community/posts/:id': 'edits a post',
  'DELETE /api/community/posts/:id': 'deletes a post',
  'POST /api/community/posts/:id/replies': 'writes a reply',
  'PUT /api/community/posts/:id/like': 'a like',
  'POST /api/community/posts/:id/report': 'a report',
  'GET /api/community/following': 'the members and symbols followed, no price',
  'PUT /api/community/users/:handle/follow': 'follows a member',
  'PUT /api/community/symbols/:symbol/follow': 'follows a symbol',
  'GET /api/community/symbols/:symbol/posts': 'posts naming a symbol: text, no price',
  'GET /api/community/feed/new': 'how many posts are new',
  'GET /api/community/updates': 'the member’s posts and what happened to them: text, no price',
  'POST /api/community/posts/:id/appeal': 'appeals a removal',
  'GET /api/community/standing': 'the member’s moderator role, suspension and posts under review',
  'POST /api/community/users/:handle/report': 'a report of a member',
  'GET /api/community/blocks': 'members blocked',
  'PUT /api/community/blocks/:handle': 'blocks a member',
  'DELETE /api/community/blocks/:handle': 'unblocks a member',
  'GET /api/community/moderation/queue': 'hidden posts and their reports: text, no price',
  'GET /api/community/moderation/log': 'moderation decisions',
  'GET /api/integrations/destinations': 'where alerts are sent: addresses, no price',
  'POST /api/integrations/destinations': 'adds an alert destination',
  'PATCH /api/integrations/destinations/:id': 'renames or turns a destination on or off',
  'DELETE /api/integrations/destinations/:id': 'removes a destination',
  'GET /api/integrations/destinations/:id/deliveries': 'the delivery log: states and codes',
  'POST /api/integrations/destinations/:id/test': 'sends a test event, no price',
  'POST /api/integrations/deliveries/:id/resend': 'sends a delivery again',
  'POST /api/community/moderation/posts/:id/restore': 'restores a post',
  'POST /api/community/moderation/posts/:id/remove': 'removes a post',
  'POST /api/community/moderation/users/:handle/suspend': 'suspends a member’s posting',
  'POST /api/community/moderation/users/:handle/dismiss': 'dismisses reports of a member',
  'GET /api/community/conversations': 'the member’s conversations: names and text, no price',
  'GET /api/community/conversations/unread': 'how many messages are unread',
  'POST /api/community/conversations': 'opens a conversation with a member',
  'GET /api/community/conversations/:id': 'a conversation’s messages: text, no price',
  'POST /api/community/conversations/:id/messages': 'sends a message',
  'POST /api/community/conversations/:id/read': 'marks a conversation read',
  'PUT /api/community/conversations/:id/mute': 'mutes a conversation',
  'POST /api/community/messages/:id/report': 'a report of a message',
  'PUT /api/community/message-settings': 'who may message the member',
  'GET /api/community/moderation/messages': 'reported messages and the few before them: text',
  'POST /api/community/moderation/messages/:id/remove': 'removes a message',
  'POST /api/community/moderation/messages/:id/dismiss': 'dismisses reports of a message',
  'GET /api/operator/moderators': 'the moderators, for the operator',
  'PUT /api/operator/moderators/:email': 'grants the moderator role',
  'DELETE /api/operator/moderators/:email': 'revokes the moderator role',
  'GET /api/support/requests': 'support requests: subjects and states, no price',
  'POST /api/support/requests': 'writes to support',
  'GET /api/support/requests/:id': 'a support request and its thread: text, no price',
  'POST /api/support/requests/:id/messages': 'adds to a support request',
  'POST /api/support/requests/:id/solve': 'marks a support request solved',
  'POST /api/support/requests/:id/reopen': 'opens a support request again',
  'GET /api/support/attachments/:id': 'a screenshot the user attached',
  'GET /api/support/queue': 'support requests waiting for an answer: text, no price',
  'GET /api/support/queue/count': 'how many support requests wait',
  'GET /api/operator/support-agents': 'the support agents, for the operator',
  'PUT /api/operator/support-agents/:email': 'grants the support agent role',
  'DELETE /api/operator/support-agents/:email': 'revokes the support agent role',
  'GET /api/learn/titles': 'course titles',
  'GET /api/learn/courses': 'the catalogue and progress',
  'GET /api/learn/courses/:courseId': 'a course and its lessons',
  'POST /api/learn/courses/:courseId/start': 'starts a course',
  'GET /api/learn/lessons/:lessonId': 'lesson text and quiz; worked examples use invented figures',
  'POST /api/learn/lessons/:lessonId/attempts': 'scores a quiz',
  'GET /api/learn/progress': 'courses completed and the next lesson',
  'POST /api/learn/courses/:courseId/certificate': 'issues a course certificate',
  'POST /api/learn/certificates/:id/revoke': 'revokes a certificate',
  'GET /api/certificates/:id': 'a certificate and whether its signature holds',
  'GET /api/api-keys': 'API keys',
  'POST /api/api-keys': 'API keys',
  'DELETE /api/api-keys/:id': 'API keys',
  'GET /api/alerts':
    'alerts and their firings: Free has no alerts, and a firing is a price from before it',
  'POST /api/alerts': 'creates an alert (Free has none)',
  'GET /api/alerts/:id': 'an alert (Free has none)',
  'PATCH /api/alerts/:id': 'changes an alert',
  'PUT /api/alerts/:id/team': 'moves an alert into or out of the team: the alert, no price',
  'DELETE /api/alerts/:id': 'deletes an alert',
  'GET /api/watchlists': 'names and symbols of lists, no price',
  'POST /api/watchlists': 'creates a list',
  'PATCH /api/watchlists/:id': 'renames a list',
  'DELETE /api/watchlists/:id': 'deletes a list',
  'POST /api/watchlists/:id/symbols': 'adds a symbol',
  'DELETE /api/watchlists/:id/symbols/:symbol': 'removes a symbol',
  'PUT /api/watchlists/:id/order': 'orders a list',
  'PUT /api/watchlists/:id/team': 'moves a list into the team or out: names and symbols, no price',
  'GET /api/team': 'the team: members, roles, invitations, seats',
  'POST /api/team': 'makes a team',
  'PATCH /api/team': 'renames the team',
  'DELETE /api/team': 'deletes the team',
  'POST /api/team/invitations': 'invites by email',
  'DELETE /api/team/invitations/:id': 'revokes an invitation',
  'POST /api/team/invitations/accept': 'joins a team',
  'PATCH /api/team/members/:userId': "changes a member's role",
  'DELETE /api/team/members/:userId': 'removes a member',
  'POST /api/team/leave': 'leaves the team',
  'GET /api/team/activity': 'the audit log: who did what, no price',
  'GET /api/team/activity.csv': 'the audit log as CSV',
  'GET /api/portfolios': 'names and counts, no price',
  'POST /api/portfolios': 'creates a portfolio',
  'POST /api/portfolios/practice': 'opens the practice portfolio (its name and count, no prices)',
  'POST /api/portfolios/:portfolioId/reset': 'resets the practice portfolio (its name and count)',
  'GET /api/portfolios/activity': "the user's own transactions at the prices they entered",
  'GET /api/portfolios/:portfolioId': 'name and counts, no price',
  'PATCH /api/portfolios/:portfolioId': 'renames a portfolio',
  'PUT /api/portfolios/:portfolioId/team': 'moves a portfolio into or out of the team: no price',
  'DELETE /api/portfolios/:portfolioId': 'deletes a portfolio',
  'GET /api/portfolios/:portfolioId/transactions': "the user's own prices, as entered",
  'POST /api/portfolios/:portfolioId/transactions': 'records a transaction',
  'PUT /api/portfolios/:portfolioId/transactions/:transactionId': 'changes a transaction',
  'DELETE /api/portfolios/:portfolioId/transactions/:transactionId': 'deletes a transaction',
  'POST /api/portfolios/:portfolioId/imports/preview': "checks a file of the user's own prices",
  'POST /api/portfolios/:portfolioId/imports': "imports the user's own prices",
  'GET /api/portfolios/:portfolioId/exports/transactions.csv': "the user's own prices, as entered",
  'GET /api/me/export': 'everything held about the user: their own records, no market price',
  'DELETE /api/me': 'deletes the account',
  'GET /api/v1/key': 'the API key itself',
  'GET /api/v1/symbols': 'names of securities, no price',
  'GET /api/v1/watchlists': 'names and symbols of lists, no price',
  'GET /api/v1/team': 'the team: members and roles, no price',
  'GET /api/v1/alerts': 'alerts (Free has none, and no key)',
  'GET /api/v1/alerts/:id': 'an alert (Free has none, and no key)',
  'GET /api/v1/portfolios': 'names and counts, no price',
  'GET /api/v1/portfolios/:portfolioId': 'name and counts, no price',
  'GET /api/v1/portfolios/:portfolioId/transactions': "the owner's own prices, as entered",

  'GET /api/v1/openapi.json': 'the API description',
  'GET /api/docs': 'the API reference page',
  'GET /api/docs/assets/:name': "the API reference page's files",
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
