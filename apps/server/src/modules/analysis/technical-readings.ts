import type { DailyBar, RatingLabel, TechnicalRating } from '@tickerwise/shared';
import { readIndicators } from './indicator-readings.ts';
import { rateReadings } from './technical-rating.ts';

/**
 * Stored bars the technical rating is read on: five years of trading days and a little more,
 * over which its long averages settle. Every reader of the rating (the analysis, the watchlist
 * table, indicator alerts) reads this many bars ending on the day it rates, so all of them see
 * the same rating for a day.
 */
export const technicalHistoryBars = 1_300;

/** The figures watchlists and indicator alerts read, on one day's bar. */
export interface TechnicalReading {
  date: string;
  close: number;
  sma50: number | null;
  sma200: number | null;
  rsi14: number | null;
  /** The overall technical rating, or null before there are enough bars. */
  rating: RatingLabel | null;
}

interface Reading {
  key: string;
  rating: TechnicalRating;
  reading: TechnicalReading;
}

/**
 * Readings kept per symbol: the latest session's, the one before (a delayed plan's in the
 * minutes after a close) and the days an alert check looks back on.
 */
const keptPerSymbol = 4;

/** What identifies a run of bars: where it starts and ends, and the last bar itself. */
function keyOf(bars: readonly DailyBar[]): string {
  const first = bars[0]!;
  const last = bars.at(-1)!;
  return `${bars.length}|${first.date}|${last.date}|${last.open}|${last.high}|${last.low}|${last.close}|${last.volume}`;
}

/**
 * The analyst's indicators and technical rating on a symbol's bars, computed once per run of
 * stored bars and shared by every reader: the analysis's facts, the watchlist's rating column
 * and the moving-average, RSI and rating alerts. A new bar or a corrected one is a new run and
 * is read afresh.
 */
export class TechnicalReadings {
  private readonly readings = new Map<string, Reading[]>();
  /** How many runs of bars were computed, not found: a test's check that nothing is read twice. */
  computed = 0;

  /** The rating and readings on the last of `bars` (oldest first, at least one). */
  read(symbol: string, bars: readonly DailyBar[]): Reading {
    if (bars.length === 0) throw new Error('a technical reading needs at least one bar');
    const key = keyOf(bars);
    const kept = this.readings.get(symbol) ?? [];
    const known = kept.find((entry) => entry.key === key);
    if (known) return known;
    const last = bars.at(-1)!;
    const indicators = readIndicators(bars);
    this.computed += 1;
    const rating = rateReadings(indicators, last);
    const entry: Reading = {
      key,
      rating,
      reading: {
        date: last.date,
        close: last.close,
        sma50: indicators.sma[50],
        sma200: indicators.sma[200],
        rsi14: indicators.rsi14.now,
        rating: rating.overall.label,
      },
    };
    kept.unshift(entry);
    if (kept.length > keptPerSymbol) kept.length = keptPerSymbol;
    this.readings.set(symbol, kept);
    return entry;
  }

  /** The readings on the last of `bars`: what watchlists and indicator alerts are given. */
  reading(symbol: string, bars: readonly DailyBar[]): TechnicalReading {
    return this.read(symbol, bars).reading;
  }
}
