import {
  type DailyBar,
  type HistoryRange,
  historyRanges,
  type IntradayRange,
  intradayRanges,
  parseTickerSymbol,
} from '@tickerwise/shared';

/** Every range the chart offers: intraday bars for 1D and 5D, stored daily bars for the rest. */
export type ChartRange = IntradayRange | HistoryRange;
export const chartRanges: readonly ChartRange[] = [...intradayRanges, ...historyRanges];

/** docs/PRODUCT.md §3.13: the spec's one-month chart is what a page opens on. */
export const defaultRange: ChartRange = '1m';

/** Whether a range is drawn from intraday bars (1D, 5D). */
export function isIntraday(range: ChartRange): range is IntradayRange {
  return (intradayRanges as readonly string[]).includes(range);
}

/** The button's text and the period it covers, as the chart describes itself. */
export const rangeNames: Record<ChartRange, { button: string; period: string }> = {
  '1d': { button: '1D', period: 'one session' },
  '5d': { button: '5D', period: 'past 5 sessions' },
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
export function rangeFromParam(value: string | null): ChartRange {
  const wanted = value?.trim().toLowerCase();
  return chartRanges.find((range) => range === wanted) ?? defaultRange;
}

/** The `range` parameter that keeps `range` in the address: none for the default. */
export function rangeParam(range: ChartRange): string | null {
  return range === defaultRange ? null : range;
}

/** Percent from the first close shown to the last; null with fewer than two bars. */
export function rangeChange(bars: readonly Pick<DailyBar, 'close'>[]): number | null {
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

const newYorkClock = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});
const newYorkDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'America/New_York',
});
const newYorkMoment = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});

/** "Mon, Mar 16, 10:35 AM ET": an intraday bar's start, in the exchange's time. */
export function formatBarTime(instant: string): string {
  return `${newYorkMoment.format(new Date(instant))} ET`;
}

/** Trading days in about six months: a year to date longer than that is labelled by month. */
const sixMonthsOfBars = 130;

/**
 * An x-axis label: the day ("Nov 3") up to six months, the month ("Nov 2025") for a year or
 * more, where a day would say nothing useful. The year to date is labelled by day until it is
 * longer than six months (`barCount`, the bars shown).
 */
export function axisLabel(date: string, range: ChartRange, barCount = 0): string {
  if (range === '1d') return newYorkClock.format(new Date(date));
  if (range === '5d') return newYorkDay.format(new Date(date));
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

/** What the chart can draw over the prices; volume bars are shown unless turned off. */
export const overlayKinds = ['sma50', 'sma200', 'volume'] as const;
export type Overlay = (typeof overlayKinds)[number];
const defaultOverlays: readonly Overlay[] = ['volume'];

export const overlayNames: Record<Overlay, string> = {
  sma50: 'SMA 50',
  sma200: 'SMA 200',
  volume: 'Volume',
};

/**
 * The overlays an address asks for (`?overlays=sma50,volume`; `none` for none); volume alone
 * when the address says nothing. Unknown names are ignored.
 */
export function overlaysFromParam(value: string | null): Set<Overlay> {
  if (value === null) return new Set(defaultOverlays);
  const wanted = value.toLowerCase().split(',');
  return new Set(overlayKinds.filter((kind) => wanted.includes(kind)));
}

/** The `overlays` parameter that keeps `overlays` in the address: none for the default. */
export function overlaysParam(overlays: ReadonlySet<Overlay>): string | null {
  const chosen = overlayKinds.filter((kind) => overlays.has(kind));
  if (chosen.join(',') === defaultOverlays.join(',')) return null;
  return chosen.length === 0 ? 'none' : chosen.join(',');
}

/** The symbol an address compares with (`?compare=spy`), or null for none or a malformed one. */
export function compareFromParam(value: string | null, symbol: string): string | null {
  const parsed = value ? parseTickerSymbol(value) : null;
  return parsed && parsed !== symbol.toUpperCase() ? parsed : null;
}

/**
 * Closes as a percent change from the first one (both lines of a comparison start at 0%);
 * null where there is no close. All null when the first close is missing.
 */
export function percentFromFirst(closes: readonly (number | null)[]): (number | null)[] {
  const base = closes[0];
  return closes.map((close) =>
    close === null || base === null || base === undefined || !(base > 0)
      ? null
      : ((close - base) / base) * 100,
  );
}

/**
 * The compared symbol's closes on the chart's own bars (matched by day, or by bar start for
 * intraday bars), null where it has none. The first bar takes the compared symbol's last close
 * on or before it, so both lines start together.
 */
export function alignedCloses(
  keys: readonly string[],
  compared: readonly { key: string; close: number }[],
): (number | null)[] {
  const byKey = new Map(compared.map((bar) => [bar.key, bar.close]));
  return keys.map((key, index) => {
    const exact = byKey.get(key);
    if (exact !== undefined) return exact;
    if (index > 0) return null;
    const before = compared.filter((bar) => bar.key <= key).at(-1);
    return before?.close ?? null;
  });
}
