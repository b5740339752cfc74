import { describe, expect, it } from 'vitest';
import { parseStockSymbol, parseTickerSymbol, stockSchema, trackedStocks } from './market.ts';

describe('tracked stocks', () => {
  it('are the five tracked symbols with their names', () => {
    expect(trackedStocks.map((stock) => stock.symbol)).toEqual([
      'AAPL',
      'MSFT',
      'GOOGL',
      'AMZN',
      'TSLA',
    ]);
  });

  it('accept a symbol in any case and refuse others', () => {
    expect(parseStockSymbol('aapl')).toBe('AAPL');
    expect(parseStockSymbol('TSLA')).toBe('TSLA');
    expect(parseStockSymbol('NFLX')).toBeUndefined();
    expect(parseStockSymbol('../etc')).toBeUndefined();
  });
});

describe('ticker symbols', () => {
  it('normalise what users type', () => {
    expect(parseTickerSymbol(' nflx ')).toBe('NFLX');
    expect(parseTickerSymbol('brk-b')).toBe('BRK.B');
    expect(parseTickerSymbol('BRK/B')).toBe('BRK.B');
    expect(parseTickerSymbol('BF.B')).toBe('BF.B');
  });

  it('refuse anything that cannot be a US ticker', () => {
    for (const value of ['', '1ABC', 'TOOLONGX', 'A PL', '../etc', 'SHOP.TO', 'AAPL.', '📈']) {
      expect(parseTickerSymbol(value)).toBeUndefined();
    }
  });
});

describe('the stock record', () => {
  const stock = {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    type: 'stock',
    price: 190.12,
    change: -0.5,
    volume: 0,
    marketCap: 3e12,
    yearHigh: 199.62,
    yearLow: 164.08,
    peRatio: 31.2,
    historicalData: [{ date: '2026-01-05', price: 188.2 }],
    source: 'simulated',
    delayed: false,
    delayMinutes: 0,
    asOf: '2026-01-06T15:00:00.000Z',
    stale: false,
  };

  it('accepts a complete record', () => {
    expect(stockSchema.parse(stock)).toEqual(stock);
  });

  it('refuses a price of 0 or less', () => {
    expect(stockSchema.safeParse({ ...stock, price: 0 }).success).toBe(false);
  });
});
