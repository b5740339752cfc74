import { apiErrorSchema, stockListSchema, stockResponseSchema } from '@tickerwise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';

interface Setup {
  finnhub: FakeFinnhub;
  testApp: TestApp;
  cookie: string;
}

/** The app on the Finnhub provider, pointed at a fresh fake, with one signed-in user. */
function useFinnhubApp(plan: 'free' | 'paid'): Setup {
  const setup = {} as Setup;
  beforeEach(async () => {
    setup.finnhub = await startFakeFinnhub({ plan });
    setup.testApp = await createTestApp({
      config: {
        market: { provider: 'finnhub', apiKey: setup.finnhub.apiKey, baseUrl: setup.finnhub.url },
      },
    });
    setup.cookie = (await signUpUser(setup.testApp.app)).cookie;
  });
  afterEach(async () => {
    await setup.testApp.close();
    await setup.finnhub.close();
  });
  return setup;
}

describe('stocks API on the Finnhub provider with a free key', () => {
  const setup = useFinnhubApp('free');

  it('serves concurrent requests from one round of upstream calls, never showing the key', async () => {
    const { testApp, finnhub, cookie } = setup;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        testApp.app.inject({ method: 'GET', url: '/api/stocks', headers: { cookie } }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(finnhub.apiKey);
      expect(stockListSchema.parse(response.json()).stocks).toHaveLength(5);
    }
    expect(finnhub.calls).toMatchObject({ quote: 5, candle: 1, rateLimited: 0 });
  });

  it('shows Finnhub prices with volume 0 and the synthetic history', async () => {
    const { testApp, cookie } = setup;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/stocks/AAPL',
      headers: { cookie },
    });
    const { stock } = stockResponseSchema.parse(response.json());
    expect(stock).toMatchObject({ price: 189.84, change: 1.25, volume: 0, delayed: false });
    expect(stock.historicalData).toHaveLength(30);
  });

  it('answers 503 with Retry-After when Finnhub has never answered', async () => {
    const { testApp, finnhub, cookie } = setup;
    finnhub.fail('server_error');
    for (const url of ['/api/stocks', '/api/stocks/AAPL']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(response.json()).error).toMatchObject({
        code: 'market_data_unavailable',
        message: 'Market data is unavailable right now. Please try again in a moment.',
      });
    }
  });
});

describe('stocks API on the Finnhub provider with a paid key', () => {
  const setup = useFinnhubApp('paid');

  it('shows the daily candles', async () => {
    const { testApp, cookie } = setup;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/stocks/AMZN',
      headers: { cookie },
    });
    const { stock } = stockResponseSchema.parse(response.json());
    expect(stock.historicalData.length).toBeLessThan(30);
    expect(stock.historicalData.length).toBeGreaterThan(15);
  });
});
