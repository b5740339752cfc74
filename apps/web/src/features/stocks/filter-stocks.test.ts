import type { Stock } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { filterStocks } from './filter-stocks.ts';

const stock = (symbol: string, name: string): Stock => ({
  symbol,
  name,
  type: 'stock',
  price: 100,
  change: 0,
  volume: 0,
  marketCap: 0,
  yearHigh: 120,
  yearLow: 80,
  peRatio: 20,
  historicalData: [],
  source: 'simulated',
  delayed: false,
  delayMinutes: 0,
  asOf: '2026-03-16T14:30:00.000Z',
  stale: false,
});

const stocks = [stock('AAPL', 'Apple Inc.'), stock('MSFT', 'Microsoft Corporation')];

describe('searching the stocks list', () => {
  it('matches the symbol or the name, ignoring case', () => {
    expect(filterStocks(stocks, 'aapl').map((item) => item.symbol)).toEqual(['AAPL']);
    expect(filterStocks(stocks, 'micro').map((item) => item.symbol)).toEqual(['MSFT']);
    expect(filterStocks(stocks, ' INC ').map((item) => item.symbol)).toEqual(['AAPL']);
  });

  it('shows everything for an empty search and nothing for no match', () => {
    expect(filterStocks(stocks, '')).toHaveLength(2);
    expect(filterStocks(stocks, 'zzz')).toEqual([]);
  });
});
