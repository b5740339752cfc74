import type { DailyBar } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { axisLabel, defaultRange, rangeChange, rangeFromParam, rangeParam } from './chart-range.ts';

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
  });

  it('falls back to one month for a range the chart does not offer', () => {
    for (const value of ['', '2y', 'max', '1d', 'ytd', '5y;drop']) {
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
  });

  it('read the exchange day whatever the reader time zone', () => {
    // Midnight UTC is still the previous evening in New York: the label must not move.
    expect(axisLabel('2026-01-01', '1m')).toBe('Jan 1');
  });
});
