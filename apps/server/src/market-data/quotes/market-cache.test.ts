import { stockListSchema } from '@tickerwise/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { barCoverage, companyData, dailyBars, jobs } from '../../db/schema/index.ts';
import type { AppError } from '../../http/errors.ts';
import { createMarketData } from '../market-data.ts';
import { QuoteCache } from './quote-cache.ts';
import { realtimeViewer as viewer } from './service.ts';

const silentLog = { warn: () => {} };
const start = Date.parse('2026-03-16T14:30:00Z');

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.destroy());

async function emptyTables() {
  const { db } = test.database;
  for (const table of [dailyBars, barCoverage, companyData, jobs]) await db.delete(table);
}

describe('the market cache in front of Finnhub', () => {
  let finnhub: FakeFinnhub;
  let now: number;

  function service(upstreamTimeoutMs = 2_000) {
    return createMarketData(
      { market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url } },
      test.database.db,
      silentLog,
      () => now,
      upstreamTimeoutMs,
    ).market;
  }

  beforeEach(async () => {
    await emptyTables();
    finnhub = await startFakeFinnhub();
    now = start;
  });
  afterEach(() => finnhub.close());

  it('shares one upstream call per symbol between concurrent requests', async () => {
    const market = service();
    const lists = await Promise.all(Array.from({ length: 50 }, () => market.listStocks(viewer)));
    for (const stocks of lists) expect(stockListSchema.parse({ stocks }).stocks).toHaveLength(5);
    expect(finnhub.calls.quote).toBe(5);
    // A free key is refused candles after the first ask; the other symbols do not ask.
    expect(finnhub.calls.candle).toBe(1);
  });

  it('refreshes the quotes pages ask for in the background, at most once per 15 s each', async () => {
    const market = service();
    await market.listStocks(viewer);
    now += QuoteCache.ttlMs - 1;
    expect(market.refreshDue()).toBe(0);
    await market.listStocks(viewer);
    await market.getStock(viewer, 'AAPL');
    expect(finnhub.calls.quote).toBe(5);

    finnhub.setQuote('AAPL', { c: 200.5, pc: 187.5 });
    // Pages answer at once from the cache; the refresh runs on the scheduler's pace.
    for (let step = 0; step < 8; step += 1) {
      now += 1_000;
      market.refreshDue();
      await market.settled();
    }
    expect(finnhub.calls.quote).toBe(10);
    expect((await market.getStock(viewer, 'AAPL')).price).toBe(200.5);
  });

  it('computes price and change from c and pc, and shows volume 0 as Finnhub has none', async () => {
    finnhub.setQuote('MSFT', { c: 415.104, pc: 418.32 });
    const msft = await service().getStock(viewer, 'MSFT');
    expect(msft).toMatchObject({
      symbol: 'MSFT',
      name: 'Microsoft Corporation',
      price: 415.1,
      change: -0.77,
      volume: 0,
      // Finnhub has no company data for MSFT: none, never the simulated market's fixed figures.
      marketCap: null,
      peRatio: null,
      delayed: false,
      delayMinutes: 0,
      stale: false,
    });
  });

  it('falls back to the synthetic series when a free key is refused candles', async () => {
    const aapl = await service().getStock(viewer, 'AAPL');
    expect(aapl.historicalData).toHaveLength(30);
    expect(aapl.historicalData[0]?.price).toBe(189.84);
    expect(aapl.historicalData.at(-1)).toEqual({ date: '2026-03-16', price: 189.84 });
  });

  it('drops a symbol the provider has no price for', async () => {
    finnhub.setQuote('TSLA', { c: 0, pc: 0 });
    const market = service();
    expect((await market.listStocks(viewer)).map((stock) => stock.symbol)).toEqual([
      'AAPL',
      'MSFT',
      'GOOGL',
      'AMZN',
    ]);
    await expect(market.getStock(viewer, 'TSLA')).rejects.toMatchObject({ statusCode: 404 });
  });

  it("gives a post's small-company check the price and market value the stock record shows, reading no bars", async () => {
    finnhub.setQuote('AAPL', { c: 189.844, pc: 187.5 });
    finnhub.setQuote('TSLA', { c: 0, pc: 0 });
    const market = service();
    const figures = await market.priceAndMarketCap('AAPL');
    expect(figures).toEqual({ symbol: 'AAPL', price: 189.84, marketCap: 2_950_000_000_000 });
    expect(finnhub.calls.candle).toBe(0);
    const stock = await market.getStock(viewer, 'AAPL');
    expect({ price: stock.price, marketCap: stock.marketCap }).toEqual({
      price: figures.price,
      marketCap: figures.marketCap,
    });
    // A company the provider gives no market value of is judged by its price alone.
    expect(await market.priceAndMarketCap('MSFT')).toEqual({
      symbol: 'MSFT',
      price: 415.1,
      marketCap: null,
    });
    // Answered as the stock record is: 404 without a price or a symbol, 503 without a quote.
    await expect(market.priceAndMarketCap('TSLA')).rejects.toMatchObject({ statusCode: 404 });
    await expect(market.priceAndMarketCap('ZZZZQ')).rejects.toMatchObject({ statusCode: 404 });
    finnhub.fail('server_error');
    await expect(market.priceAndMarketCap('AMZN')).rejects.toMatchObject({
      statusCode: 503,
      code: 'market_data_unavailable',
    });
  });

  /** Lets the scheduler refresh every demanded quote once (one call every 1.33 s). */
  async function refreshAll(market: ReturnType<typeof service>) {
    now += QuoteCache.ttlMs;
    for (let step = 0; step < 8; step += 1) {
      now += 1_000;
      market.refreshDue();
      await market.settled();
    }
  }

  for (const failure of ['server_error', 'rate_limited', 'hang'] as const) {
    it(`serves the last good price marked stale when Finnhub fails (${failure})`, async () => {
      const market = service(300);
      const fresh = await market.getStock(viewer, 'GOOGL');
      finnhub.fail(failure);
      await refreshAll(market);
      const stale = await market.getStock(viewer, 'GOOGL');
      expect(stale).toMatchObject({ price: fresh.price, stale: true, asOf: fresh.asOf });

      finnhub.recover();
      await refreshAll(market);
      expect((await market.getStock(viewer, 'GOOGL')).stale).toBe(false);
    });
  }

  it('serves the last good price when Finnhub cannot be reached at all', async () => {
    const market = service();
    await market.getStock(viewer, 'AMZN');
    await finnhub.close();
    await refreshAll(market);
    expect((await market.getStock(viewer, 'AMZN')).stale).toBe(true);
  });

  it('answers 503 only while nothing was ever fetched, without retrying faster than 15 s', async () => {
    finnhub.fail('server_error');
    const market = service();
    const error = (await market.listStocks(viewer).catch((caught) => caught)) as AppError;
    expect(error.statusCode).toBe(503);
    expect(error.code).toBe('market_data_unavailable');
    expect(error.headers?.['retry-after']).toBe('15');
    await expect(market.getStock(viewer, 'AAPL')).rejects.toMatchObject({ statusCode: 503 });
    expect(finnhub.calls.quote).toBe(5);

    finnhub.recover();
    now += QuoteCache.ttlMs;
    expect(await market.listStocks(viewer)).toHaveLength(5);
  });
});

describe('history from a paid Finnhub key', () => {
  let finnhub: FakeFinnhub;
  beforeEach(async () => {
    await emptyTables();
    finnhub = await startFakeFinnhub({ plan: 'paid' });
  });
  afterEach(() => finnhub.close());

  it('stores the daily candles and shows the last 30 days of them', async () => {
    const market = createMarketData(
      { market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url } },
      test.database.db,
      silentLog,
      () => start,
    ).market;
    const aapl = await market.getStock(viewer, 'AAPL');
    // Weekdays only, as markets trade, up to Friday's session.
    expect(aapl.historicalData.length).toBeGreaterThanOrEqual(18);
    expect(aapl.historicalData.length).toBeLessThanOrEqual(23);
    expect(aapl.historicalData.at(-1)?.date).toBe('2026-03-13');
    await market.getStock(viewer, 'AAPL');
    expect(finnhub.calls.candle).toBe(1);
  });
});

describe('the simulated market', () => {
  beforeEach(emptyTables);

  it("gives a post's small-company check the stock record's price and market value", async () => {
    const market = createMarketData(
      { market: { provider: 'simulated' } },
      test.database.db,
      silentLog,
      () => start,
    ).market;
    const figures = await market.priceAndMarketCap('KO');
    const stock = await market.getStock(viewer, 'KO');
    expect(figures).toEqual({ symbol: 'KO', price: stock.price, marketCap: stock.marketCap });
    expect(figures.marketCap).toBeGreaterThan(3e8);
  });
});
