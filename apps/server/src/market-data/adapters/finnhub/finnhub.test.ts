import {
  apiErrorSchema,
  companyDataSchema,
  historyResponseSchema,
  stockListSchema,
  stockResponseSchema,
  symbolSearchResponseSchema,
} from '@tickerwise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../../test/fake-finnhub.ts';
import { type FakeTiingo, startFakeTiingo } from '../../../../test/fake-tiingo.ts';
import { createTestApp, signUpUser, type TestApp } from '../../../../test/test-app.ts';
import { companyData } from '../../../db/schema/index.ts';
import { isoDate } from '../../calendar/market-days.ts';

interface Setup {
  finnhub: FakeFinnhub;
  tiingo: FakeTiingo;
  testApp: TestApp;
  cookie: string;
  get(url: string): Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
}

/** The app on Finnhub (and Tiingo history when asked), pointed at fresh fakes, signed in. */
function useFinnhubApp(plan: 'free' | 'paid', history: 'finnhub' | 'tiingo' = 'finnhub'): Setup {
  const setup = {} as Setup;
  beforeEach(async () => {
    setup.finnhub = await startFakeFinnhub({ plan });
    setup.tiingo = await startFakeTiingo();
    setup.testApp = await createTestApp({
      config: {
        market: { provider: 'finnhub', apiKey: setup.finnhub.apiKey, baseUrl: setup.finnhub.url },
        history:
          history === 'tiingo'
            ? {
                provider: 'tiingo',
                apiKey: setup.tiingo.apiKey,
                baseUrl: setup.tiingo.url,
                callsPerHour: 50,
                callsPerDay: 1_000,
              }
            : { provider: 'finnhub' },
      },
    });
    // A real-time plan: what a delayed plan sees is the subject of delayed-prices.test.ts.
    setup.cookie = (await signUpUser(setup.testApp.app, { plan: 'alpha' })).cookie;
    setup.get = (url) =>
      setup.testApp.app.inject({ method: 'GET', url, headers: { cookie: setup.cookie } });
  });
  afterEach(async () => {
    await setup.testApp.close();
    await setup.finnhub.close();
    await setup.tiingo.close();
  });
  return setup;
}

describe('stocks API on the Finnhub provider with a free key', () => {
  const setup = useFinnhubApp('free');

  it('serves concurrent requests from one round of upstream calls, never showing the key', async () => {
    const { finnhub, get } = setup;
    const responses = await Promise.all(Array.from({ length: 20 }, () => get('/api/stocks')));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(finnhub.apiKey);
      expect(stockListSchema.parse(response.json()).stocks).toHaveLength(5);
    }
    expect(finnhub.calls).toMatchObject({ quote: 5, candle: 1, rateLimited: 0 });
  });

  it('shows Finnhub prices with volume 0 and, with no bars to be had, the synthetic history', async () => {
    const { stock } = stockResponseSchema.parse((await setup.get('/api/stocks/AAPL')).json());
    expect(stock).toMatchObject({ price: 189.84, change: 1.25, volume: 0, source: 'finnhub' });
    expect(stock.historicalData).toHaveLength(30);
  });

  it('answers 404 for unknown or malformed symbols without calling Finnhub', async () => {
    const { finnhub, get } = setup;
    for (const symbol of ['NOPE', 'ZZZZZ', 'A%20PL', 'X'.repeat(50)]) {
      for (const suffix of ['', '/history?range=1y', '/profile']) {
        const response = await get(`/api/stocks/${symbol}${suffix}`);
        expect(response.statusCode).toBe(404);
        expect(apiErrorSchema.parse(response.json()).error.code).toBe('stock_not_found');
      }
    }
    // A path that is not in normal form is refused before any route runs.
    expect((await get('/api/stocks/..%2Fquote')).statusCode).toBe(400);
    expect(finnhub.calls.total).toBe(0);
  });

  it('answers 503 with Retry-After when Finnhub has never answered', async () => {
    const { finnhub, get } = setup;
    finnhub.fail('server_error');
    for (const url of ['/api/stocks', '/api/stocks/AAPL']) {
      const response = await get(url);
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(response.json()).error).toMatchObject({
        code: 'market_data_unavailable',
        message: 'Market data is unavailable right now. Please try again in a moment.',
      });
    }
  });

  it("maps Finnhub's profile and metrics, and asks once a day", async () => {
    const { finnhub, get } = setup;
    const response = await get('/api/stocks/AAPL/profile');
    expect(response.statusCode).toBe(200);
    const data = companyDataSchema.parse(response.json());
    expect(data).toMatchObject({ source: 'finnhub', stale: false, asOf: isoDate(Date.now()) });
    expect(data.profile).toMatchObject({
      symbol: 'AAPL',
      name: 'Apple Inc',
      type: 'stock',
      exchange: 'NASDAQ NMS - GLOBAL MARKET',
      sector: 'Information Technology',
      industry: 'Technology Hardware, Storage & Peripherals',
      country: 'US',
      currency: 'USD',
      website: 'https://www.apple.com/',
      ipoDate: '1980-12-12',
      sharesOutstanding: 15_550_000_000,
    });
    expect(data.metrics).toMatchObject({
      marketCap: 2_950_000_000_000,
      peRatio: 29.4,
      pbRatio: 45.1,
      psRatio: 7.6,
      eps: 6.46,
      dividendYieldPercent: 0.51,
      beta: 1.29,
      yearHigh: 199.62,
      yearLow: 164.08,
      roePercent: 154.3,
      debtToEquity: 1.8,
      currentRatio: 0.99,
    });
    await get('/api/stocks/AAPL/profile');
    expect(finnhub.calls).toMatchObject({ profile: 1, metric: 1 });
  });

  it("takes the record's market cap and P/E from Finnhub's company data, null where it has none", async () => {
    const { get } = setup;
    const { stock } = stockResponseSchema.parse((await get('/api/stocks/AAPL')).json());
    expect(stock).toMatchObject({ source: 'finnhub', marketCap: 2_950_000_000_000, peRatio: 29.4 });
    // Finnhub knows nothing of MSFT: its figures are not available, never the fixed ones nor 0.
    const msft = stockResponseSchema.parse((await get('/api/stocks/MSFT')).json()).stock;
    expect(msft).toMatchObject({ source: 'finnhub', marketCap: null, peRatio: null });
    // A list row reads the stored company data only: AAPL's, now stored; none for the others.
    const { stocks } = stockListSchema.parse((await get('/api/stocks')).json());
    expect(stocks.map((row) => [row.symbol, row.marketCap, row.peRatio])).toEqual([
      ['AAPL', 2_950_000_000_000, 29.4],
      ['MSFT', null, null],
      ['GOOGL', null, null],
      ['AMZN', null, null],
      ['TSLA', null, null],
    ]);
  });

  it('serves the stored company data with its date when Finnhub fails the next day', async () => {
    const { testApp, finnhub, get } = setup;
    await get('/api/stocks/AAPL/profile');
    await testApp.db.database.db.update(companyData).set({ asOf: '2026-01-05' });
    finnhub.fail('rate_limited');
    const response = await get('/api/stocks/AAPL/profile');
    expect(response.statusCode).toBe(200);
    const data = companyDataSchema.parse(response.json());
    expect(data).toMatchObject({ asOf: '2026-01-05', stale: true, source: 'finnhub' });
    expect(data.metrics.peRatio).toBe(29.4);
  });

  it('shows "not available" figures rather than failing for a symbol Finnhub has no data on', async () => {
    const data = companyDataSchema.parse((await setup.get('/api/stocks/SPY/profile')).json());
    expect(data.profile).toMatchObject({ symbol: 'SPY', type: 'etf', sector: 'US equity' });
    expect(data.metrics.peRatio).toBeNull();
  });

  it('completes search with Finnhub, once per query, and opens what it found', async () => {
    const { finnhub, get } = setup;
    finnhub.setSearchResults('rivian', [
      {
        description: 'RIVIAN AUTOMOTIVE INC-A',
        displaySymbol: 'RIVN',
        symbol: 'RIVN',
        type: 'Common Stock',
      },
      {
        description: 'RIVIAN AUTOMOTIVE INC',
        displaySymbol: 'RIVN.MX',
        symbol: 'RIVN.MX',
        type: 'Common Stock',
      },
      {
        description: 'RIVIAN CALL',
        displaySymbol: 'RIVN240119C',
        symbol: 'RIVN240119C',
        type: 'Option',
      },
    ]);
    finnhub.setQuote('RIVN', { c: 12.4, pc: 12.1 });
    const search = async () =>
      symbolSearchResponseSchema.parse((await get('/api/symbols?q=Rivian')).json()).results;
    expect(await search()).toEqual([
      {
        symbol: 'RIVN',
        name: 'RIVIAN AUTOMOTIVE INC-A',
        type: 'stock',
        exchange: null,
        sector: null,
        industry: null,
        origin: 'finnhub',
      },
    ]);
    await search();
    expect(finnhub.calls.search).toBe(1);
    const { stock } = stockResponseSchema.parse((await get('/api/stocks/rivn')).json());
    expect(stock).toMatchObject({ symbol: 'RIVN', price: 12.4, source: 'finnhub' });
  });

  it('answers a search the list satisfies without calling Finnhub', async () => {
    const { finnhub, get } = setup;
    const response = await get('/api/symbols?q=a&limit=5');
    expect(symbolSearchResponseSchema.parse(response.json()).results).toHaveLength(5);
    expect(finnhub.calls.search).toBe(0);
  });
});

describe('stocks API on Finnhub quotes with Tiingo history', () => {
  const setup = useFinnhubApp('free', 'tiingo');

  it('serves Tiingo bars labelled tiingo, and the record charts them', async () => {
    const { get, tiingo } = setup;
    const history = historyResponseSchema.parse(
      (await get('/api/stocks/AAPL/history?range=1y')).json(),
    );
    expect(history).toMatchObject({ source: 'tiingo', stale: false });
    expect(history.bars.length).toBeGreaterThan(240);
    const { stock } = stockResponseSchema.parse((await get('/api/stocks/AAPL')).json());
    expect(stock.historicalData.at(-1)).toEqual({
      date: history.bars.at(-1)!.date,
      price: history.bars.at(-1)!.close,
    });
    expect(tiingo.calls.prices).toBe(1);
  });
});
