import type { DailyBar } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import {
  axisLabel,
  candlesOf,
  chartKindFromParam,
  defaultRange,
  rangeChange,
  rangeFromParam,
  rangeParam,
} from './chart-range.ts';

const bar = (date: string, close: number): DailyBar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1_000,
});

describe('choosing the chart range', () => {
  it('opens on one month, the product description chart', () => {
    expect(defaultRange).toBe('1m');
    expect(rangeFromParam(null)).toBe('1m');
  });

  it('reads the range an address names, in any case', () => {
    expect(rangeFromParam('5y')).toBe('5y');
    expect(rangeFromParam('1Y')).toBe('1y');
    expect(rangeFromParam(' 3m ')).toBe('3m');
    expect(rangeFromParam('YTD')).toBe('ytd');
    expect(rangeFromParam('max')).toBe('max');
  });

  it('falls back to one month for a range the chart does not offer', () => {
    for (const value of ['', '2y', 'all', '1d', '5d', '5y;drop']) {
      expect(rangeFromParam(value)).toBe('1m');
    }
  });

  it('keeps the address clean for the default and names any other range', () => {
    expect(rangeParam('1m')).toBeNull();
    expect(rangeParam('6m')).toBe('6m');
    expect(rangeFromParam(rangeParam('5y'))).toBe('5y');
  });
});

describe('the change over the range shown', () => {
  it('is the percent from the first close to the last', () => {
    expect(
      rangeChange([bar('2026-01-02', 100), bar('2026-01-05', 90), bar('2026-01-06', 125)]),
    ).toBe(25);
    expect(rangeChange([bar('2026-01-02', 200), bar('2026-01-05', 150)])).toBe(-25);
  });

  it('is unknown with fewer than two days', () => {
    expect(rangeChange([])).toBeNull();
    expect(rangeChange([bar('2026-01-02', 100)])).toBeNull();
  });
});

describe('x-axis labels', () => {
  it('name the day up to six months and the month beyond', () => {
    expect(axisLabel('2026-03-09', '1m')).toBe('Mar 9');
    expect(axisLabel('2026-03-09', '6m')).toBe('Mar 9');
    expect(axisLabel('2026-03-09', '1y')).toBe('Mar 2026');
    expect(axisLabel('2021-11-19', '5y')).toBe('Nov 2021');
    expect(axisLabel('2021-11-19', 'max')).toBe('Nov 2021');
  });

  it('name the day for a year to date of six months or less, the month after', () => {
    expect(axisLabel('2026-03-09', 'ytd', 48)).toBe('Mar 9');
    expect(axisLabel('2026-03-09', 'ytd', 230)).toBe('Mar 2026');
  });

  it('read the exchange day whatever the reader time zone', () => {
    // Midnight UTC is still the previous evening in New York: the label must not move.
    expect(axisLabel('2026-01-01', '1m')).toBe('Jan 1');
  });
});

describe('candles', () => {
  it('draw each day from the open, high, low and close the history route sends', () => {
    const bars: DailyBar[] = [
      { date: '2026-03-09', open: 101.25, high: 104.5, low: 99.75, close: 103.1, volume: 9 },
      { date: '2026-03-10', open: 103.1, high: 103.4, low: 97.2, close: 98.05, volume: 7 },
      { date: '2026-03-11', open: 98, high: 98.5, low: 97.5, close: 98, volume: 0 },
    ];
    expect(candlesOf(bars)).toEqual([
      { wick: [99.75, 104.5], body: [101.25, 103.1], rising: true },
      { wick: [97.2, 103.4], body: [98.05, 103.1], rising: false },
      { wick: [97.5, 98.5], body: [98, 98], rising: true },
    ]);
  });

  it('are chosen by the address, the line otherwise', () => {
    expect(chartKindFromParam('candles')).toBe('candles');
    expect(chartKindFromParam('Candles')).toBe('candles');
    for (const value of [null, '', 'line', 'ohlc']) expect(chartKindFromParam(value)).toBe('line');
  });
});
