import type { WatchlistRow } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { monthChange, sortRows } from './sort-rows.ts';

const row = (symbol: string, price: number | null, rating: string | null): WatchlistRow => ({
  symbol,
  name: `${symbol} Inc.`,
  type: 'stock',
  price,
  change: price === null ? null : price / 100,
  delayed: false,
  delayMinutes: 0,
  stale: false,
  quotedAt: null,
  sparkline:
    price === null
      ? []
      : [
          { date: '2026-01-02', close: 100 },
          { date: '2026-01-30', close: price },
        ],
  rating,
  ratingAsOf: null,
  alerts: [],
});

describe('sorting a watchlist', () => {
  const rows = [row('MSFT', 120, 'buy'), row('AAPL', null, null), row('KO', 90, 'strong_sell')];

  it('keeps the user’s order without a sort', () => {
    expect(sortRows(rows, null).map((entry) => entry.symbol)).toEqual(['MSFT', 'AAPL', 'KO']);
  });

  it('sorts by price either way, rows without a price last', () => {
    const up = sortRows(rows, { key: 'price', direction: 'ascending' });
    expect(up.map((entry) => entry.symbol)).toEqual(['KO', 'MSFT', 'AAPL']);
    const down = sortRows(rows, { key: 'price', direction: 'descending' });
    expect(down.map((entry) => entry.symbol)).toEqual(['MSFT', 'KO', 'AAPL']);
  });

  it('sorts ratings from strong sell to strong buy', () => {
    const sorted = sortRows(rows, { key: 'rating', direction: 'descending' });
    expect(sorted.map((entry) => entry.symbol)).toEqual(['MSFT', 'KO', 'AAPL']);
  });

  it('measures the month from its first close to its last', () => {
    expect(monthChange(rows[0]!)).toBeCloseTo(20);
    expect(monthChange(rows[1]!)).toBeNull();
  });
});
