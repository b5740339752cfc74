import { apiErrorSchema, stockListSchema, stockResponseSchema } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';

describe('stocks API on the simulated provider', () => {
  let testApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    cookie = (await signUpUser(testApp.app)).cookie;
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('refuses a signed-out visitor with 401', async () => {
    for (const url of ['/api/stocks', '/api/stocks/AAPL']) {
      const response = await get(url, {});
      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('unauthorized');
    }
  });

  it('lists the five tracked stocks with their names and fixed figures', async () => {
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
    for (const stock of stocks) {
      expect(stock.price).toBe(Math.round(stock.price * 100) / 100);
      expect(stock.change).toBe(Math.round(stock.change * 100) / 100);
      expect(stock.volume).toBeGreaterThan(0);
      expect(stock.historicalData).toHaveLength(30);
      expect(stock.delayed).toBe(false);
    }
  });

  it('answers one stock by symbol, in any case, as the list has it', async () => {
    const list = stockListSchema.parse((await get('/api/stocks')).json());
    const response = await get('/api/stocks/tsla');
    expect(response.statusCode).toBe(200);
    const { stock } = stockResponseSchema.parse(response.json());
    expect(stock).toEqual(list.stocks.find((item) => item.symbol === 'TSLA'));
  });

  it('keeps the 30-day history the same between refreshes', async () => {
    const first = stockResponseSchema.parse((await get('/api/stocks/MSFT')).json());
    const second = stockResponseSchema.parse((await get('/api/stocks/MSFT')).json());
    expect(second.stock.historicalData).toEqual(first.stock.historicalData);
  });

  it('answers 404 with a clear message for an untracked or malformed symbol', async () => {
    for (const symbol of ['NFLX', 'A%20PL', 'X'.repeat(90), '%F0%9F%93%88']) {
      const response = await get(`/api/stocks/${symbol}`);
      expect(response.statusCode).toBe(404);
      const { error } = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('stock_not_found');
      expect(error.message).toBe(
        'Stock not found. Tickerwise tracks AAPL, MSFT, GOOGL, AMZN, TSLA.',
      );
    }
    // An encoded slash is not a symbol but another path: refused before the route runs.
    const traversal = await get('/api/stocks/..%2F..%2Fetc');
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().error.code).toBe('bad_path');
  });
});
