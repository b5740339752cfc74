import type { DailyBar, KeyFigures, PeriodReturn, ReturnPeriod } from '@tickerwise/shared';
import {
  getLogReturns,
  getStandardDeviation,
  hasCrossedOver,
  hasCrossedUnder,
  SMA,
} from 'trading-signals';
import {
  againstBenchmark,
  lastIndexOnOrBefore,
  lastYearOf,
  periodStart,
  yearRange,
} from '../../market-data/index.ts';

/**
 * Key figures of a symbol from its daily bars (oldest first), as of the last bar. Statistics
 * come from `trading-signals`' helpers (log returns, standard deviation, correlation, SMA,
 * crossings); this file only chooses the windows and puts the pieces together.
 */

export { benchmarkSymbol } from '../../market-data/index.ts';

/** Trading days in a year, to annualise a daily volatility. */
const tradingDaysPerYear = 252;
const volatilityDays = 30;

const percentChange = (from: number, to: number) => (to / from - 1) * 100;

const periods: readonly ReturnPeriod[] = ['1w', '1m', '3m', '6m', 'ytd', '1y'];

/** The close change since the last close on or before the period's start (§7.2). */
function periodReturns(bars: readonly DailyBar[], last: DailyBar): PeriodReturn[] {
  return periods.map((period) => {
    const index = lastIndexOnOrBefore(bars, periodStart(period, last.date));
    const start = bars[index];
    return start
      ? { period, percent: percentChange(start.close, last.close), from: start.date }
      : { period, percent: null, from: null };
  });
}

/** Sample standard deviation of the last 30 daily log returns, times √252, in percent. */
function volatility(bars: readonly DailyBar[]): number | null {
  if (bars.length < volatilityDays + 1) return null;
  const returns = getLogReturns(bars.slice(-(volatilityDays + 1)).map((bar) => bar.close));
  const population = getStandardDeviation(returns);
  const sample = population * Math.sqrt(volatilityDays / (volatilityDays - 1));
  return sample * Math.sqrt(tradingDaysPerYear) * 100;
}

/** The deepest close-to-close fall from a running peak, with the peak's and trough's days. */
function maxDrawdown(window: readonly DailyBar[]): KeyFigures['maxDrawdown1y'] {
  const first = window[0];
  if (!first || window.length < 2) return null;
  let peak = first;
  let worst = { percent: 0, peak: first.date, trough: first.date };
  for (const bar of window) {
    if (bar.close > peak.close) peak = bar;
    const fall = (1 - bar.close / peak.close) * 100;
    if (fall > worst.percent) worst = { percent: fall, peak: peak.date, trough: bar.date };
  }
  return worst;
}

/** The 52-week range of the stored bars (bar-figures.ts), and where the close sits in it. */
function rangePosition(bars: readonly DailyBar[], last: DailyBar): KeyFigures['yearRange'] {
  const range = yearRange(bars);
  if (!range) return null;
  const { low, high } = range;
  const span = high - low;
  const position = span > 0 ? ((last.close - low) / span) * 100 : 50;
  return { low, high, position: Math.min(100, Math.max(0, position)) };
}

/** SMA 50 and 200 today, and the last day the 50 crossed the 200. */
function movingAverageCross(bars: readonly DailyBar[]) {
  const fast = new SMA(50);
  const slow = new SMA(200);
  let previous: { fast: number; slow: number } | null = null;
  let lastCross: KeyFigures['lastCross'] = null;
  for (const bar of bars) {
    const fastValue = fast.add(bar.close);
    const slowValue = slow.add(bar.close);
    if (fastValue === null || slowValue === null) continue;
    if (previous) {
      if (hasCrossedOver(previous.fast, previous.slow, fastValue, slowValue)) {
        lastCross = { kind: 'golden', date: bar.date };
      } else if (hasCrossedUnder(previous.fast, previous.slow, fastValue, slowValue)) {
        lastCross = { kind: 'death', date: bar.date };
      }
    }
    previous = { fast: fastValue, slow: slowValue };
  }
  return { sma50: fast.getResult(), sma200: slow.getResult(), lastCross };
}

/** Key figures as of the last bar; `benchmark` is SPY's bars, null when it has none stored. */
export function computeKeyFigures(
  bars: readonly DailyBar[],
  benchmark: readonly DailyBar[] | null,
): KeyFigures {
  const last = bars.at(-1);
  if (!last) throw new Error('computeKeyFigures needs at least one bar');
  const lastYear = lastYearOf(bars);
  const { sma50, sma200, lastCross } = movingAverageCross(bars);
  return {
    close: last.close,
    date: last.date,
    returns: periodReturns(bars, last),
    volatility30d: volatility(bars),
    maxDrawdown1y: lastYear ? maxDrawdown(lastYear) : null,
    benchmark: againstBenchmark(bars, benchmark),
    yearRange: rangePosition(bars, last),
    sma50,
    sma200,
    distanceToSma50: sma50 === null ? null : percentChange(sma50, last.close),
    distanceToSma200: sma200 === null ? null : percentChange(sma200, last.close),
    lastCross,
  };
}
