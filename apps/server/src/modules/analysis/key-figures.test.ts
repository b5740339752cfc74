import type { DailyBar } from '@tickerwise/shared';
import { getMaxDrawdown } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import { barsFromCloses, randomWalkBars, weekdays } from '../../../test/daily-bars.ts';
import { endOfPreviousYear, subtractMonths } from '../../market-data/index.ts';
import { computeKeyFigures } from './key-figures.ts';

const returnOf = (figures: ReturnType<typeof computeKeyFigures>, period: string) =>
  figures.returns.find((entry) => entry.period === period);

describe('period returns', () => {
  // Weekdays from 2023-01-02 to 2025-03-31 (a Monday); the close is 100 plus the bar's index.
  const dates = weekdays('2023-01-02', 586);
  const bars = barsFromCloses(dates.map((_, index) => 100 + index)).map((bar, index) => ({
    ...bar,
    date: dates[index] as string,
  }));
  const closeOn = (date: string) => 100 + dates.indexOf(date);
  const last = bars.at(-1) as DailyBar;
  const figures = computeKeyFigures(bars, null);

  it('start from the last close on or before the period’s first day', () => {
    expect(last.date).toBe('2025-03-31');
    // 1W: 2025-03-24 (a Monday); 1M: 2025-02-28 (Friday; March 31 less a month is clamped to
    // February's last day); 3M: 2024-12-31; 6M: 2024-09-30; YTD: the close of 2024-12-31;
    // 1Y: 2024-03-31 is a Sunday, so Friday 2024-03-29.
    const expected: Record<string, string> = {
      '1w': '2025-03-24',
      '1m': '2025-02-28',
      '3m': '2024-12-31',
      '6m': '2024-09-30',
      ytd: '2024-12-31',
      '1y': '2024-03-29',
    };
    for (const [period, from] of Object.entries(expected)) {
      const entry = returnOf(figures, period);
      expect(entry?.from).toBe(from);
      expect(entry?.percent).toBeCloseTo((last.close / closeOn(from) - 1) * 100, 10);
    }
  });

  it('are empty when the history does not reach back that far', () => {
    const short = computeKeyFigures(bars.slice(-100), null);
    expect(returnOf(short, '1y')).toEqual({ period: '1y', percent: null, from: null });
    expect(returnOf(short, '1m')?.percent).not.toBeNull();
  });

  it('count months by the calendar', () => {
    expect(subtractMonths('2025-03-31', 1)).toBe('2025-02-28');
    expect(subtractMonths('2024-03-31', 1)).toBe('2024-02-29');
    expect(subtractMonths('2025-01-15', 3)).toBe('2024-10-15');
    expect(subtractMonths('2025-06-30', 12)).toBe('2024-06-30');
    expect(endOfPreviousYear('2025-06-30')).toBe('2024-12-31');
  });
});

describe('volatility', () => {
  it('annualises the sample deviation of the last 30 daily log returns', () => {
    // Closes alternate x1.01 and /1.01: log returns are +-ln(1.01) with mean 0, so the sample
    // deviation is ln(1.01) * sqrt(30/29) = 0.0101204, times sqrt(252) = 16.0656 %.
    const closes = [100];
    for (let index = 1; index <= 60; index += 1) {
      closes.push(index % 2 === 1 ? 101 : 100);
    }
    const figures = computeKeyFigures(barsFromCloses(closes), null);
    expect(figures.volatility30d).toBeCloseTo(16.0656, 3);
  });

  it('needs 31 closes', () => {
    expect(computeKeyFigures(barsFromCloses(Array(30).fill(100)), null).volatility30d).toBeNull();
  });
});

describe('maximum drawdown over the last year', () => {
  it('finds the deepest fall from a running peak, with its days', () => {
    // 100 -> 120 -> 90 is 25 %; 130 -> 104 later is only 20 %.
    const closes = [...Array(300).fill(100), 120, 90, 110, 130, 104];
    const bars = barsFromCloses(closes, 0.01, '2023-01-02');
    const figures = computeKeyFigures(bars, null);
    expect(figures.maxDrawdown1y?.percent).toBeCloseTo(25, 10);
    expect(figures.maxDrawdown1y?.peak).toBe(bars[300]?.date);
    expect(figures.maxDrawdown1y?.trough).toBe(bars[301]?.date);
  });

  it('agrees with trading-signals’ own maximum drawdown on a random walk', () => {
    const bars = randomWalkBars({ count: 800, seed: 11, volatility: 0.02 });
    const figures = computeKeyFigures(bars, null);
    const from = bars.findIndex(
      (bar) => bar.date === figures.returns.find((r) => r.period === '1y')?.from,
    );
    const independent = getMaxDrawdown(bars.slice(from).map((bar) => bar.close));
    expect(figures.maxDrawdown1y?.percent).toBeCloseTo(independent, 10);
  });
});

describe('beta and correlation to the benchmark', () => {
  const benchmark = randomWalkBars({ count: 400, seed: 21, volatility: 0.01, cents: false });

  it('are 1 for a stock that moves exactly with the benchmark, even across missing days', () => {
    const stock = benchmark.map((bar) => ({ ...bar, close: bar.close * 3 }));
    // Days only one of them has: a holiday in the benchmark's data, another in the stock's.
    const withGaps = benchmark.filter((_, index) => index % 17 !== 5);
    const stockWithGaps = stock.filter((_, index) => index % 23 !== 7);
    const figures = computeKeyFigures(stockWithGaps, withGaps);
    expect(figures.benchmark.beta).toBeCloseTo(1, 10);
    expect(figures.benchmark.correlation).toBeCloseTo(1, 10);
    expect(figures.benchmark.days).toBeGreaterThan(200);
  });

  it('are 2 and 1 for a stock whose daily moves are twice the benchmark’s', () => {
    let close = 50;
    const stock = benchmark.map((bar, index) => {
      if (index > 0) close *= 1 + 2 * (bar.close / (benchmark[index - 1] as DailyBar).close - 1);
      return { ...bar, close };
    });
    const figures = computeKeyFigures(stock, benchmark);
    expect(figures.benchmark.beta).toBeCloseTo(2, 10);
    expect(figures.benchmark.correlation).toBeCloseTo(1, 10);
  });

  it('are absent without benchmark bars or with too few shared days', () => {
    expect(computeKeyFigures(benchmark, null).benchmark).toEqual({
      symbol: 'SPY',
      beta: null,
      correlation: null,
      days: 0,
    });
    const other = randomWalkBars({ count: 400, seed: 3, start: '2030-01-07' });
    expect(computeKeyFigures(benchmark, other).benchmark.beta).toBeNull();
  });
});

describe('52-week range and the 50- and 200-day averages', () => {
  it('places the close within the last 52 weeks’ lowest low and highest high', () => {
    const closes = [...Array(100).fill(50), ...Array(260).fill(100), 120, 80, 110];
    const figures = computeKeyFigures(barsFromCloses(closes, 0), null);
    // The 50s are more than 52 weeks back; low 80, high 120, close 110: 75 %.
    expect(figures.yearRange).toEqual({ low: 80, high: 120, position: 75 });
  });

  it('dates the last golden and death crosses of the 50-day over the 200-day average', () => {
    // Flat at 100, one close at 101 lifts the 50-day (100.02) above the 200-day (100.005): a
    // golden cross; the next close at 90 pulls the 50-day to 99.82, under the 200-day's
    // 99.955: a death cross.
    const closes = [...Array(250).fill(100), 101, 90];
    const bars = barsFromCloses(closes);
    const figures = computeKeyFigures(bars, null);
    expect(figures.lastCross).toEqual({ kind: 'death', date: bars[251]?.date });
    expect(figures.sma50).toBeCloseTo(99.82, 10);
    expect(figures.sma200).toBeCloseTo(99.955, 10);
    expect(figures.distanceToSma50).toBeCloseTo((90 / 99.82 - 1) * 100, 10);
    expect(figures.distanceToSma200).toBeCloseTo((90 / 99.955 - 1) * 100, 10);
    const golden = computeKeyFigures(bars.slice(0, 251), null);
    expect(golden.lastCross).toEqual({ kind: 'golden', date: bars[250]?.date });
  });

  it('has no cross and no 200-day average on a short history', () => {
    const figures = computeKeyFigures(randomWalkBars({ count: 120, seed: 4 }), null);
    expect(figures.sma200).toBeNull();
    expect(figures.lastCross).toBeNull();
    expect(figures.distanceToSma50).not.toBeNull();
  });
});
