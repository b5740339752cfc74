import { type DailyBar, type HistoryRange, historyRanges } from '@tickerwise/shared';

/** docs/PRODUCT.md §3.13: the spec's one-month chart is what a page opens on. */
export const defaultRange: HistoryRange = '1m';

/** The button's text and the period it covers, as the chart describes itself. */
export const rangeNames: Record<HistoryRange, { button: string; period: string }> = {
  '1m': { button: '1M', period: 'past month' },
  '3m': { button: '3M', period: 'past 3 months' },
  '6m': { button: '6M', period: 'past 6 months' },
  ytd: { button: 'YTD', period: 'year to date' },
  '1y': { button: '1Y', period: 'past year' },
  '5y': { button: '5Y', period: 'past 5 years' },
  max: { button: 'Max', period: 'all stored history' },
};

/**
 * The range an address asks for (`?range=5y`, any case); the default for none or for one the
 * chart does not offer, so an old or mistyped link still opens the page.
 */
export function rangeFromParam(value: string | null): HistoryRange {
  const wanted = value?.trim().toLowerCase();
  return historyRanges.find((range) => range === wanted) ?? defaultRange;
}

/** The `range` parameter that keeps `range` in the address: none for the default. */
export function rangeParam(range: HistoryRange): string | null {
  return range === defaultRange ? null : range;
}

/** Percent from the first close shown to the last; null with fewer than two bars. */
export function rangeChange(bars: readonly DailyBar[]): number | null {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last || bars.length < 2) return null;
  return ((last.close - first.close) / first.close) * 100;
}

const dayOfMonth = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthOfYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Trading days in about six months: a year to date longer than that is labelled by month. */
const sixMonthsOfBars = 130;

/**
 * An x-axis label: the day ("Nov 3") up to six months, the month ("Nov 2025") for a year or
 * more, where a day would say nothing useful. The year to date is labelled by day until it is
 * longer than six months (`barCount`, the bars shown).
 */
export function axisLabel(date: string, range: HistoryRange, barCount = 0): string {
  const day = new Date(`${date}T00:00:00Z`);
  const long =
    range === '1y' ||
    range === '5y' ||
    range === 'max' ||
    (range === 'ytd' && barCount > sixMonthsOfBars);
  return long ? monthOfYear.format(day) : dayOfMonth.format(day);
}

/** How the prices are drawn: a line of the closes, or a candle per day. */
export const chartKinds = ['line', 'candles'] as const;
export type ChartKind = (typeof chartKinds)[number];

/** The kind an address asks for (`?chart=candles`); the line for anything else. */
export function chartKindFromParam(value: string | null): ChartKind {
  return value?.trim().toLowerCase() === 'candles' ? 'candles' : 'line';
}

/** A day's candle: the wick from low to high, the body from open to close. */
export interface Candle {
  wick: [number, number];
  body: [number, number];
  /** The close at or above the open. */
  rising: boolean;
}

/**
 * Each day's candle, drawn from its open, high, low and close as the history route sends
 * them: nothing rounded or made up. A body of a day that closed where it opened is a line.
 */
export function candlesOf(bars: readonly DailyBar[]): Candle[] {
  return bars.map((bar) => ({
    wick: [bar.low, bar.high],
    body: [Math.min(bar.open, bar.close), Math.max(bar.open, bar.close)],
    rising: bar.close >= bar.open,
  }));
}
