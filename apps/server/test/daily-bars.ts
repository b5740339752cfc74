import type { DailyBar } from '@tickerwise/shared';

/**
 * Daily bars for tests and benchmarks: a seeded random walk on weekdays, so a test can name
 * the exact series it checks. Not market data; nothing outside tests uses it.
 */

export interface RandomWalkOptions {
  count: number;
  seed?: number;
  /** Mean daily change, 0.001 = +0.1 % a day. */
  drift?: number;
  /** Standard size of a daily move, 0.015 = 1.5 %. */
  volatility?: number;
  /** The first bar's day (a weekday), YYYY-MM-DD. */
  start?: string;
  startPrice?: number;
  /** Shares a day; 0 for a source without volume. */
  volume?: number;
  /** Round prices to cents as real quotes are (default true). */
  cents?: boolean;
}

/** Mulberry32: a tiny seeded generator with good spread, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The next `count` weekdays from `start` (inclusive when it is one), as YYYY-MM-DD. */
export function weekdays(start: string, count: number): string[] {
  const days: string[] = [];
  let time = Date.parse(`${start}T00:00:00Z`);
  while (days.length < count) {
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(new Date(time).toISOString().slice(0, 10));
    time += 86_400_000;
  }
  return days;
}

export function randomWalkBars(options: RandomWalkOptions): DailyBar[] {
  const random = seededRandom(options.seed ?? 1);
  const cents = (value: number) =>
    options.cents === false ? value : Math.round(value * 100) / 100;
  const drift = options.drift ?? 0;
  const volatility = options.volatility ?? 0.015;
  let close = options.startPrice ?? 100;
  return weekdays(options.start ?? '2020-01-06', options.count).map((date) => {
    const open = close;
    const move = drift + volatility * (random() + random() + random() - 1.5) * 2;
    close = Math.max(1, open * (1 + move));
    const high = Math.max(open, close) * (1 + random() * volatility * 0.6);
    const low = Math.min(open, close) * (1 - random() * volatility * 0.6);
    const volume = options.volume ?? Math.round(2e6 + random() * 8e6);
    return {
      date,
      open: cents(open),
      high: cents(high),
      low: cents(low),
      close: cents(close),
      volume,
    };
  });
}

/** Bars from a list of closes, each bar spanning `spread` of its close either side. */
export function barsFromCloses(
  closes: readonly number[],
  spread = 0.01,
  start = '2024-01-01',
): DailyBar[] {
  const dates = weekdays(start, closes.length);
  return closes.map((close, index) => ({
    date: dates[index] as string,
    open: close,
    high: close * (1 + spread),
    low: close * (1 - spread),
    close,
    volume: 1_000_000,
  }));
}
