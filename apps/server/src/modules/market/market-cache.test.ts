import { stockListSchema } from '@tickerwise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import type { AppError } from '../../http/errors.ts';
import { HistoryCache } from './history-cache.ts';
import { createFinnhubProvider } from './providers/finnhub.ts';
import { QuoteCache } from './quote-cache.ts';
import { MarketService } from './service.ts';

const silentLog = { warn: () => {} };
const start = Date.parse('2026-03-16T14:30:00Z');

describe('the market cache in front of Finnhub', () => {
  let finnhub: FakeFinnhub;
  let now: number;

  function service(upstreamTimeoutMs = 2_000) {
    return new MarketService({
      provider: createFinnhubProvider({ apiKey: finnhub.apiKey, baseUrl: finnhub.url }),
      log: silentLog,
      now: () => now,
      upstreamTimeoutMs,
    });
  }

  beforeEach(async () => {
    finnhub = await startFakeFinnhub();
    now = start;
  });
  afterEach(() => finnhub.close());

  it('shares one upstream call per symbol between concurrent requests', async () => {
    const market = service();
    const lists = await Promise.all(Array.from({ length: 50 }, () => market.listStocks()));
    for (const stocks of lists) expect(stockListSchema.parse({ stocks }).stocks).toHaveLength(5);
    expect(finnhub.calls.quote).toBe(5);
    // A free key is refused candles after the first ask; the other symbols do not ask.
    expect(finnhub.calls.candle).toBe(1);
  });

  it('refreshes quotes at most once per 15 seconds per symbol', async () => {
    const market = service();
    await market.listStocks();
    now += QuoteCache.ttlMs - 1;
    await market.listStocks();
    await market.getStock('AAPL');
    expect(finnhub.calls.quote).toBe(5);

    finnhub.setQuote('AAPL', { c: 200.5, pc: 187.5 });
    now += 1;
    const aapl = await market.getStock('AAPL');
    expect(aapl.price).toBe(200.5);
    expect(finnhub.calls.quote).toBe(6);
  });

  it('loads the history once per day', async () => {
    const market = service();
    await market.listStocks();
    now += 6 * 3_600_000;
    await market.listStocks();
    expect(finnhub.calls.candle).toBe(1);
    now = Date.parse('2026-03-17T00:00:01Z');
    await market.listStocks();
    expect(finnhub.calls.candle).toBe(2);
  });

  it('computes price and change from c and pc, and shows volume 0 as Finnhub has none', async () => {
    finnhub.setQuote('MSFT', { c: 415.104, pc: 418.32 });
    const msft = await service().getStock('MSFT');
    expect(msft).toMatchObject({
      symbol: 'MSFT',
      name: 'Microsoft Corporation',
      price: 415.1,
      change: -0.77,
      volume: 0,
      marketCap: 2.8e12,
      delayed: false,
    });
  });

  it('falls back to the synthetic series when a free key is refused candles', async () => {
    const aapl = await service().getStock('AAPL');
    expect(aapl.historicalData).toHaveLength(30);
    expect(aapl.historicalData[0]?.price).toBe(189.84);
    expect(aapl.historicalData.at(-1)).toEqual({ date: '2026-03-16', price: 189.84 });
  });

  it('drops a symbol the provider has no price for', async () => {
    finnhub.setQuote('TSLA', { c: 0, pc: 0 });
    const market = service();
    expect((await market.listStocks()).map((stock) => stock.symbol)).toEqual([
      'AAPL',
      'MSFT',
      'GOOGL',
      'AMZN',
    ]);
    await expect(market.getStock('TSLA')).rejects.toMatchObject({ statusCode: 404 });
  });

  for (const failure of ['server_error', 'rate_limited', 'hang'] as const) {
    it(`serves the last good price marked delayed when Finnhub fails (${failure})`, async () => {
      const market = service(300);
      const fresh = await market.getStock('GOOGL');
      finnhub.fail(failure);
      now += QuoteCache.ttlMs;
      const stale = await market.getStock('GOOGL');
      expect(stale).toMatchObject({
        price: fresh.price,
        delayed: true,
        updatedAt: fresh.updatedAt,
      });

      finnhub.recover();
      now += QuoteCache.ttlMs;
      expect((await market.getStock('GOOGL')).delayed).toBe(false);
    });
  }

  it('serves the last good price when Finnhub cannot be reached at all', async () => {
    const market = service();
    await market.getStock('AMZN');
    await finnhub.close();
    now += QuoteCache.ttlMs;
    expect((await market.getStock('AMZN')).delayed).toBe(true);
  });

  it('answers 503 only while nothing was ever fetched, without retrying faster than 15 s', async () => {
    finnhub.fail('server_error');
    const market = service();
    const error = (await market.listStocks().catch((caught) => caught)) as AppError;
    expect(error.statusCode).toBe(503);
    expect(error.code).toBe('market_data_unavailable');
    expect(error.headers?.['retry-after']).toBe('15');
    await expect(market.getStock('AAPL')).rejects.toMatchObject({ statusCode: 503 });
    expect(finnhub.calls.quote).toBe(5);

    finnhub.recover();
    now += QuoteCache.ttlMs;
    expect(await market.listStocks()).toHaveLength(5);
  });
});

describe('history from a paid Finnhub key', () => {
  let finnhub: FakeFinnhub;
  beforeEach(async () => {
    finnhub = await startFakeFinnhub({ plan: 'paid' });
  });
  afterEach(() => finnhub.close());

  const market = () =>
    new MarketService({
      provider: createFinnhubProvider({ apiKey: finnhub.apiKey, baseUrl: finnhub.url }),
      log: silentLog,
      now: () => start,
    });

  it("loads each symbol's candles once per day", async () => {
    let now = start;
    const cachedMarket = new MarketService({
      provider: createFinnhubProvider({ apiKey: finnhub.apiKey, baseUrl: finnhub.url }),
      log: silentLog,
      now: () => now,
    });
    await Promise.all([cachedMarket.listStocks(), cachedMarket.listStocks()]);
    now += 8 * 3_600_000;
    await cachedMarket.listStocks();
    expect(finnhub.calls.candle).toBe(5);
    now = Date.parse('2026-03-17T00:00:01Z');
    await cachedMarket.listStocks();
    expect(finnhub.calls.candle).toBe(10);
  });

  it('uses the daily closes of the last 30 days', async () => {
    const aapl = await market().getStock('AAPL');
    // Weekdays only, as markets trade.
    expect(aapl.historicalData.length).toBeGreaterThanOrEqual(20);
    expect(aapl.historicalData.length).toBeLessThanOrEqual(23);
    expect(aapl.historicalData[0]!.date >= '2026-02-14').toBe(true);
    expect(aapl.historicalData.at(-1)!.date <= '2026-03-16').toBe(true);
  });

  it('falls back to the synthetic series on s: "no_data"', async () => {
    finnhub.setCandlesNoData(true);
    const aapl = await market().getStock('AAPL');
    expect(aapl.historicalData).toHaveLength(30);
    expect(aapl.historicalData.at(-1)?.price).toBe(aapl.price);
  });

  it('keeps the last series after a failed load and retries only after a pause', async () => {
    let now = start;
    const cachedMarket = new MarketService({
      provider: createFinnhubProvider({ apiKey: finnhub.apiKey, baseUrl: finnhub.url }),
      log: silentLog,
      now: () => now,
    });
    const before = await cachedMarket.getStock('MSFT');
    now = Date.parse('2026-03-17T10:00:00Z');
    finnhub.fail('server_error');
    const during = await cachedMarket.getStock('MSFT');
    expect(during.historicalData).toEqual(before.historicalData);
    expect(finnhub.calls.candle).toBe(2);
    finnhub.recover();
    now += HistoryCache.retryMs - 1_000;
    await cachedMarket.getStock('MSFT');
    expect(finnhub.calls.candle).toBe(2);
    now += 1_000;
    const after = await cachedMarket.getStock('MSFT');
    expect(finnhub.calls.candle).toBe(3);
    expect(after.historicalData.at(-1)!.date >= '2026-03-16').toBe(true);
  });
});
