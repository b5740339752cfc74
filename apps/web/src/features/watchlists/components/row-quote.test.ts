import type { WatchlistRow } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { planDelayMinutes, rowQuote } from './row-quote.ts';

const row: WatchlistRow = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  type: 'stock',
  price: 190.5,
  change: 1.25,
  delayed: false,
  delayMinutes: 0,
  stale: false,
  quotedAt: '2026-03-16T14:00:00.000Z',
  sparkline: [],
  rating: null,
  ratingAsOf: null,
  alerts: [],
};

describe('a watchlist row as the shared price cells read it', () => {
  it('carries the price, its instant and how fresh it is', () => {
    expect(rowQuote(row)).toEqual({
      symbol: 'AAPL',
      price: 190.5,
      change: 1.25,
      delayed: false,
      delayMinutes: 0,
      asOf: '2026-03-16T14:00:00.000Z',
      stale: false,
    });
  });

  it('is null while the row has no price, so the table shows a dash', () => {
    expect(rowQuote({ ...row, price: null, change: null, quotedAt: null })).toBeNull();
  });

  it('keeps a Free row delayed, so it is never laid over with a live price', () => {
    expect(rowQuote({ ...row, delayed: true, delayMinutes: 15 })).toMatchObject({
      delayed: true,
      delayMinutes: 15,
    });
  });
});

describe('the delay of a watchlist table', () => {
  it('is the plan delay when rows are delayed, 0 when live or empty', () => {
    expect(planDelayMinutes([row, { ...row, delayed: true, delayMinutes: 15 }])).toBe(15);
    expect(planDelayMinutes([row])).toBe(0);
    expect(planDelayMinutes([])).toBe(0);
  });
});
