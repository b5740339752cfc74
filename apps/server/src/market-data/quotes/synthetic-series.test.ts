import { pricePointSchema } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { cleanSeries, syntheticSeries } from './synthetic-series.ts';

const noon = Date.parse('2026-03-15T12:00:00Z');

describe('the synthetic 30-day series (docs/PRODUCT.md §7.2)', () => {
  it('has one point a day for the last 30 days, ending today', () => {
    const series = syntheticSeries(200, noon);
    expect(series).toHaveLength(30);
    expect(series[0]?.date).toBe('2026-02-14');
    expect(series.at(-1)?.date).toBe('2026-03-15');
    for (const point of series) expect(pricePointSchema.safeParse(point).success).toBe(true);
  });

  it('wobbles about 10% around the current price and starts and ends on it', () => {
    const series = syntheticSeries(200, noon);
    const prices = series.map((point) => point.price);
    expect(series[0]?.price).toBe(200);
    expect(series.at(-1)?.price).toBe(200);
    expect(Math.max(...prices)).toBeGreaterThan(219);
    expect(Math.max(...prices)).toBeLessThanOrEqual(220);
    expect(Math.min(...prices)).toBeLessThan(181);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(180);
  });

  it('goes around 100 when there is no current price', () => {
    for (const missing of [0, -5, Number.NaN]) {
      const series = syntheticSeries(missing, noon);
      expect(series).toHaveLength(30);
      expect(series[0]?.price).toBe(100);
    }
  });

  it('rounds prices to cents', () => {
    for (const point of syntheticSeries(123.456, noon)) {
      expect(Math.round(point.price * 100) / 100).toBe(point.price);
    }
  });
});

describe('cleaning a price series', () => {
  it('drops prices that are NaN, 0 or less and keeps the rest in order', () => {
    expect(
      cleanSeries([
        { date: '2026-03-01', price: 10 },
        { date: '2026-03-02', price: Number.NaN },
        { date: '2026-03-03', price: 0 },
        { date: '2026-03-04', price: -1 },
        { date: '2026-03-05', price: 11.5 },
      ]),
    ).toEqual([
      { date: '2026-03-01', price: 10 },
      { date: '2026-03-05', price: 11.5 },
    ]);
  });
});
