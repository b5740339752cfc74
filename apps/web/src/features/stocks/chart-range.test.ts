import type { DailyBar } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import {
  alignedCloses,
  axisLabel,
  candlesOf,
  chartKindFromParam,
  compareFromParam,
  defaultRange,
  formatBarTime,
  isIntraday,
  overlaysFromParam,
  overlaysParam,
  percentFromFirst,
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
    expect(rangeFromParam('1D')).toBe('1d');
    expect(rangeFromParam('5d')).toBe('5d');
    expect(isIntraday('5d')).toBe(true);
    expect(isIntraday('1m')).toBe(false);
  });

  it('falls back to one month for a range the chart does not offer', () => {
    for (const value of ['', '2y', 'all', '2d', '1h', '5y;drop']) {
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

  it('name the New York time of an intraday bar on 1D and its day on 5D', () => {
    // 14:35 UTC on March 16, 2026 is 10:35 in New York (daylight saving time).
    expect(axisLabel('2026-03-16T14:35:00.000Z', '1d')).toBe('10:35 AM');
    expect(axisLabel('2026-03-16T14:35:00.000Z', '5d')).toBe('Mon, Mar 16');
    expect(formatBarTime('2026-03-16T19:55:00.000Z')).toBe('Mon, Mar 16, 3:55 PM ET');
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

describe('overlays', () => {
  it('show the volume alone when the address says nothing', () => {
    expect([...overlaysFromParam(null)]).toEqual(['volume']);
    expect(overlaysParam(new Set(['volume']))).toBeNull();
  });

  it('keep any other choice in the address, none included, in a fixed order', () => {
    expect(overlaysParam(new Set(['volume', 'sma50']))).toBe('sma50,volume');
    expect(overlaysParam(new Set(['sma200']))).toBe('sma200');
    expect(overlaysParam(new Set())).toBe('none');
    expect([...overlaysFromParam('none')]).toEqual([]);
    expect([...overlaysFromParam('SMA200,sma50,bogus')]).toEqual(['sma50', 'sma200']);
    expect([...overlaysFromParam(overlaysParam(new Set(['sma50', 'volume'])))]).toEqual([
      'sma50',
      'volume',
    ]);
  });
});

describe('comparing with another symbol', () => {
  it('reads the symbol from the address, not the page own or a malformed one', () => {
    expect(compareFromParam('spy', 'AAPL')).toBe('SPY');
    expect(compareFromParam('brk-b', 'AAPL')).toBe('BRK.B');
    expect(compareFromParam('aapl', 'AAPL')).toBeNull();
    expect(compareFromParam(null, 'AAPL')).toBeNull();
    expect(compareFromParam('<script>', 'AAPL')).toBeNull();
  });

  it('starts both lines at 0% on the first bar', () => {
    expect(percentFromFirst([200, 210, null, 190])).toEqual([0, 5, null, -5]);
    expect(percentFromFirst([null, 210])).toEqual([null, null]);
  });

  it("matches the other symbol's closes to the chart's bars, the first from its last close before", () => {
    const theirs = [
      { key: '2026-03-06', close: 50 },
      { key: '2026-03-10', close: 52 },
      { key: '2026-03-11', close: 51 },
    ];
    expect(alignedCloses(['2026-03-09', '2026-03-10', '2026-03-12'], theirs)).toEqual([
      50,
      52,
      null,
    ]);
    expect(alignedCloses(['2026-03-01'], theirs)).toEqual([null]);
  });
});
