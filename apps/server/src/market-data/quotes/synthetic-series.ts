import type { PricePoint } from '@tickerwise/shared';
import { dayMs, isoDate, roundCents } from '../calendar/market-days.ts';

export const historyDays = 30;
const wobble = 0.1;
const fallbackPrice = 100;

/** docs/PRODUCT.md §7.2: prices that are NaN or 0 or less are dropped from a series. */
export function cleanSeries(points: ReadonlyArray<{ date: string; price: number }>): PricePoint[] {
  return points.filter((point) => Number.isFinite(point.price) && point.price > 0);
}

/**
 * docs/PRODUCT.md §7.2: when the provider has no daily candles, a 30-day series around the
 * current price (100 if none) with a sine wobble of about 10%. One full sine period over the
 * window, so the series starts and ends at the current price.
 */
export function syntheticSeries(currentPrice: number, nowMs: number): PricePoint[] {
  const base = Number.isFinite(currentPrice) && currentPrice > 0 ? currentPrice : fallbackPrice;
  const last = historyDays - 1;
  return cleanSeries(
    Array.from({ length: historyDays }, (_, index) => ({
      date: isoDate(nowMs - (last - index) * dayMs),
      price: roundCents(base * (1 + wobble * Math.sin((2 * Math.PI * index) / last))),
    })),
  );
}
