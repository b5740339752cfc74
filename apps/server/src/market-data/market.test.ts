import {
  apiErrorSchema,
  companyDataSchema,
  etfListSchema,
  historyResponseSchema,
  stockListSchema,
  stockResponseSchema,
  symbolSearchResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app.ts';
import { subtractMonths } from './calendar/days.ts';
import { addDays, lastClosedSession, tradingDaysBetween } from './calendar/market-calendar.ts';

describe('market data API on the simulated provider', () => {
  let testApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    // A real-time plan: what a delayed plan sees is the subject of delayed-prices.test.ts.
    cookie = (await signUpUser(testApp.app, { plan: 'alpha' })).cookie;
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('refuses a signed-out visitor with 401 everywhere', async () => {
    for (const url of [
      '/api/stocks',
      '/api/etfs',
      '/api/stocks/AAPL',
      '/api/stocks/AAPL/history?range=1y',
      '/api/stocks/AAPL/profile',
      '/api/symbols?q=apple',
    ]) {
      const response = await get(url, {});
      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('unauthorized');
    }
  });

  it('lists the five tracked stocks with their names, fixed figures and stored history', async () => {
    const response = await get('/api/stocks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { stocks } = stockListSchema.parse(response.json());
    expect(stocks.map((stock) => [stock.symbol, stock.name])).toEqual([
      ['AAPL', 'Apple Inc.'],
      ['MSFT', 'Microsoft Corporation'],
      ['GOOGL', 'Alphabet Inc.'],
      ['AMZN', 'Amazon.com, Inc.'],
      ['TSLA', 'Tesla, Inc.'],
    ]);
    expect(stocks.map((stock) => stock.marketCap)).toEqual([3e12, 2.8e12, 1.8e12, 1.6e12, 8.5e11]);
    const session = lastClosedSession(Date.now());
    for (const stock of stocks) {
      expect(stock).toMatchObject({ type: 'stock', source: 'simulated', delayed: false });
      expect(stock.price).toBe(Math.round(stock.price * 100) / 100);
      expect(stock.volume).toBeGreaterThan(0);
      // The past month of stored closes (the 1M period): from the last session on or before the
      // same day a month earlier, trading days only, up to the last closed session.
      const dates = stock.historicalData.map((point) => point.date);
      expect(dates.at(-1)).toBe(session);
      const monthStart = subtractMonths(session, 1);
      expect(dates[0]).toBe(tradingDaysBetween(addDays(monthStart, -7), monthStart).at(-1));
      expect(dates).toEqual(tradingDaysBetween(dates[0]!, session));
    }
  });

  it('answers one stock by symbol, in any case, as the list has it', async () => {
    const list = stockListSchema.parse((await get('/api/stocks')).json());
    const response = await get('/api/stocks/tsla');
    const { stock } = stockResponseSchema.parse(response.json());
    expect(stock).toEqual(list.stocks.find((item) => item.symbol === 'TSLA'));
  });

  it('opens any stock or ETF of the universe, share classes included', async () => {
    for (const [path, symbol, type] of [
      ['NFLX', 'NFLX', 'stock'],
      ['brk-b', 'BRK.B', 'stock'],
      ['SPY', 'SPY', 'etf'],
    ] as const) {
      const response = await get(`/api/stocks/${path}`);
      expect(response.statusCode).toBe(200);
      const { stock } = stockResponseSchema.parse(response.json());
      expect(stock).toMatchObject({ symbol, type, source: 'simulated' });
      expect(stock.yearLow).toBeLessThanOrEqual(stock.price);
      expect(stock.yearHigh).toBeGreaterThanOrEqual(stock.price);
    }
  });

  it('answers 404 with a clear message for an unknown or malformed symbol', async () => {
    for (const symbol of ['NOPE', 'A%20PL', 'X'.repeat(90), '%F0%9F%93%88']) {
      for (const suffix of ['', '/history?range=1y', '/profile']) {
        const response = await get(`/api/stocks/${symbol}${suffix}`);
        expect(response.statusCode).toBe(404);
        const { error } = apiErrorSchema.parse(response.json());
        expect(error).toEqual({
          code: 'stock_not_found',
          message:
            'Stock not found. Tickerwise covers US stocks and ETFs: search by symbol or company name.',
        });
      }
    }
    // An encoded slash is not a symbol but another path: refused before the route runs.
    const traversal = await get('/api/stocks/..%2F..%2Fetc');
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().error.code).toBe('bad_path');
  });

  it('serves five years of daily bars, labelled simulated', async () => {
    const response = await get('/api/stocks/NVDA/history?range=5y');
    expect(response.statusCode).toBe(200);
    const history = historyResponseSchema.parse(response.json());
    expect(history).toMatchObject({
      symbol: 'NVDA',
      range: '5y',
      source: 'simulated',
      stale: false,
    });
    expect(history.asOf).toBe(lastClosedSession(Date.now()));
    expect(history.bars.length).toBeGreaterThanOrEqual(1250);
    for (const bar of history.bars) {
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
    }
    const oneYear = historyResponseSchema.parse(
      (await get('/api/stocks/NVDA/history?range=1y')).json(),
    );
    expect(oneYear.bars.length).toBeGreaterThanOrEqual(248);
    expect(oneYear.bars.length).toBeLessThanOrEqual(254);
    expect(oneYear.bars.at(-1)).toEqual(history.bars.at(-1));
    const month = historyResponseSchema.parse((await get('/api/stocks/NVDA/history')).json());
    expect(month.range).toBe('1m');
    expect(month.bars.length).toBeLessThanOrEqual(24);
  });

  it('serves the year to date from the last close of the year before, and every stored bar as Max', async () => {
    const ytd = historyResponseSchema.parse(
      (await get('/api/stocks/NVDA/history?range=ytd')).json(),
    );
    const max = historyResponseSchema.parse(
      (await get('/api/stocks/NVDA/history?range=max')).json(),
    );
    expect(ytd.range).toBe('ytd');
    expect(max.range).toBe('max');
    const year = ytd.asOf!.slice(0, 4);
    // The base bar is the last session of the year before; every other bar is this year's.
    expect(ytd.bars[0]!.date < `${year}-01-01`).toBe(true);
    expect(ytd.bars.slice(1).every((bar) => bar.date.startsWith(year))).toBe(true);
    const before = max.bars.filter((bar) => bar.date < `${year}-01-01`);
    expect(ytd.bars[0]).toEqual(before.at(-1));
    // Max: the whole stored history, the 5Y range's bars its tail, the same figures.
    const fiveYears = historyResponseSchema.parse(
      (await get('/api/stocks/NVDA/history?range=5y')).json(),
    );
    expect(max.bars.length).toBeGreaterThanOrEqual(fiveYears.bars.length);
    expect(max.bars.slice(-fiveYears.bars.length)).toEqual(fiveYears.bars);
    expect(max.bars.slice(-ytd.bars.length)).toEqual(ytd.bars);
  });

  it('refuses an unknown range with 400', async () => {
    const response = await get('/api/stocks/AAPL/history?range=10y');
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('validation_failed');
  });

  it('answers 304 when the browser already holds the same history or profile', async () => {
    for (const url of ['/api/stocks/MSFT/history?range=1y', '/api/stocks/MSFT/profile']) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await get(url, { cookie, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await get(url, { cookie, 'if-none-match': '"something-else"' });
      expect(other.statusCode).toBe(200);
      expect(other.headers.etag).toBe(etag);
    }
  });

  it('gives consistent simulated company figures: cap = shares x price, P/E = price / EPS', async () => {
    const data = companyDataSchema.parse((await get('/api/stocks/JPM/profile')).json());
    expect(data).toMatchObject({ source: 'simulated', stale: false });
    expect(data.profile).toMatchObject({
      symbol: 'JPM',
      type: 'stock',
      sector: 'Financials',
      exchange: 'NYSE',
    });
    const { bars } = historyResponseSchema.parse(
      (await get('/api/stocks/JPM/history?range=1y')).json(),
    );
    const price = bars.at(-1)!.close;
    const { metrics, profile } = data;
    expect(metrics.marketCap! / (profile.sharesOutstanding! * price)).toBeCloseTo(1, 4);
    expect(metrics.peRatio! / (price / metrics.eps!)).toBeCloseTo(1, 2);
    // The 52-week range is the 1Y chart's lowest low and highest high.
    expect(metrics.yearHigh).toBe(Math.max(...bars.map((bar) => bar.high)));
    expect(metrics.yearLow).toBe(Math.min(...bars.map((bar) => bar.low)));
    expect(data.asOf).toBe(bars.at(-1)!.date);
  });

  it("keeps the product's constants for the five tracked stocks, the series inside their range", async () => {
    const data = companyDataSchema.parse((await get('/api/stocks/AAPL/profile')).json());
    expect(data.metrics).toMatchObject({ marketCap: 3e12, peRatio: 31.2 });
    // The fixed 52-week range bounds the series; the range shown is the series' own (§7.1).
    const { bars } = historyResponseSchema.parse(
      (await get('/api/stocks/AAPL/history?range=1y')).json(),
    );
    expect(data.metrics.yearHigh).toBe(Math.max(...bars.map((bar) => bar.high)));
    expect(data.metrics.yearLow).toBe(Math.min(...bars.map((bar) => bar.low)));
    expect(data.metrics.yearHigh).toBeLessThanOrEqual(199.62);
    expect(data.metrics.yearLow).toBeGreaterThanOrEqual(164.08);
  });

  it('lists the featured ETFs the way the stocks list lists stocks', async () => {
    const response = await get('/api/etfs');
    expect(response.statusCode).toBe(200);
    const { etfs } = etfListSchema.parse(response.json());
    const symbols = etfs.map((etf) => etf.symbol);
    for (const symbol of ['SPY', 'QQQ', 'DIA', 'IWM', 'VTI', 'VOO', 'VEA', 'VWO', 'AGG', 'BND']) {
      expect(symbols).toContain(symbol);
    }
    for (const symbol of ['GLD', 'TLT', 'XLK', 'XLF', 'XLE', 'XLV'])
      expect(symbols).toContain(symbol);
    for (const etf of etfs) expect(etf).toMatchObject({ type: 'etf', source: 'simulated' });
  });

  it('searches symbols and names, best match first', async () => {
    const search = async (query: string) => {
      const response = await get(`/api/symbols?q=${encodeURIComponent(query)}`);
      expect(response.statusCode).toBe(200);
      return symbolSearchResponseSchema.parse(response.json()).results.map((item) => item.symbol);
    };
    expect((await search('aapl'))[0]).toBe('AAPL');
    expect(await search('alphabet')).toEqual(['GOOG', 'GOOGL']);
    expect(await search('s&p')).toContain('SPY');
    expect(await search('qqq')).toEqual(['QQQ']);
  });

  it('finds nothing for an empty search, and refuses a too long or over-limit one with 400', async () => {
    for (const url of ['/api/symbols', '/api/symbols?q=%20%20']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(symbolSearchResponseSchema.parse(response.json()).results).toEqual([]);
    }
    for (const url of [
      `/api/symbols?q=${'a'.repeat(41)}`,
      '/api/symbols?q=a&limit=21',
      '/api/symbols?q=a&limit=zero',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('validation_failed');
    }
  });
});
