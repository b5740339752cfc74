import { getCorrelation, getStandardDeviation } from 'trading-signals';
import { periodStartIndex } from './calendar/periods.ts';

/**
 * The figures read from a symbol's stored daily bars that more than one screen shows: the
 * 52-week range and the beta to SPY (docs/PRODUCT.md §7.2). The stock record, the key
 * statistics and the analysis's key figures all take them from here, so they always agree.
 */

export interface BarLike {
  date: string;
  high: number;
  low: number;
  close: number;
}

export const benchmarkSymbol = 'SPY';
/** Fewer paired days than this give no beta: too noisy to show. */
const minimumPairedDays = 60;
/** Stored bars that hold a year and its base bar, with a margin for holidays. */
export const yearOfBarsWithMargin = 300;

export interface YearRange {
  low: number;
  high: number;
  /** Whether the bars reach back a whole year (else the range is of the days there are). */
  covered: boolean;
}

/**
 * The 52-week range: the lowest low and highest high of the 1Y period's bars, from its base
 * bar (the last session on or before the same calendar day a year before the last bar)
 * through the last bar: the bars the 1Y chart draws. Bars that do not reach back a year give
 * the range of the days there are, not `covered`.
 */
export function yearRange(bars: readonly BarLike[]): YearRange | null {
  if (bars.length === 0) return null;
  const start = periodStartIndex(bars, '1y');
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let index = Math.max(0, start); index < bars.length; index += 1) {
    const bar = bars[index] as BarLike;
    low = Math.min(low, bar.low);
    high = Math.max(high, bar.high);
  }
  return { low, high, covered: start !== -1 };
}

/** The bars of the last year, from the 1Y period's base bar; null when they do not reach back. */
export function lastYearOf<Bar extends { date: string }>(bars: readonly Bar[]): Bar[] | null {
  const start = periodStartIndex(bars, '1y');
  return start === -1 ? null : bars.slice(start);
}

export interface AgainstBenchmark {
  symbol: string;
  beta: number | null;
  correlation: number | null;
  days: number;
}

/**
 * Beta and correlation of daily returns against SPY's over the last year (from the 1Y base
 * bar), pairing only days both have, each return taken from the previous day both have.
 * Null with fewer than 60 paired days.
 */
export function againstBenchmark(
  bars: readonly BarLike[],
  benchmark: readonly BarLike[] | null,
): AgainstBenchmark {
  const none = { symbol: benchmarkSymbol, beta: null, correlation: null, days: 0 };
  const window = lastYearOf(bars) ?? [];
  if (!benchmark || benchmark.length === 0) return none;
  const benchmarkClose = new Map(benchmark.map((bar) => [bar.date, bar.close]));
  const own: number[] = [];
  const market: number[] = [];
  let previous: { own: number; market: number } | null = null;
  for (const bar of window) {
    const marketClose = benchmarkClose.get(bar.date);
    if (marketClose === undefined) continue;
    if (previous) {
      own.push(bar.close / previous.own - 1);
      market.push(marketClose / previous.market - 1);
    }
    previous = { own: bar.close, market: marketClose };
  }
  if (own.length < minimumPairedDays) return { ...none, days: own.length };
  const marketDeviation = getStandardDeviation(market);
  const ownDeviation = getStandardDeviation(own);
  if (marketDeviation === 0 || ownDeviation === 0) return { ...none, days: own.length };
  const correlation = getCorrelation(own, market);
  return {
    symbol: benchmarkSymbol,
    beta: (correlation * ownDeviation) / marketDeviation,
    correlation,
    days: own.length,
  };
}
