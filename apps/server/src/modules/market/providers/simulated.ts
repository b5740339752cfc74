import type { PricePoint, StockSymbol } from '@tickerwise/shared';
import { dayMs, isoDate, roundCents, utcDayNumber } from '../market-days.ts';
import { stockFundamentals } from '../stock-fundamentals.ts';
import type { MarketProvider, ProviderQuote } from './market-provider.ts';

interface SimulatedProfile {
  /** The price the walk reverts to. */
  basePrice: number;
  /** Standard deviation of one day's move. */
  dailyVolatility: number;
  averageDailyVolume: number;
}

const profiles: Record<StockSymbol, SimulatedProfile> = {
  AAPL: { basePrice: 182, dailyVolatility: 0.014, averageDailyVolume: 55e6 },
  MSFT: { basePrice: 372, dailyVolatility: 0.013, averageDailyVolume: 21e6 },
  GOOGL: { basePrice: 138, dailyVolatility: 0.016, averageDailyVolume: 26e6 },
  AMZN: { basePrice: 162, dailyVolatility: 0.018, averageDailyVolume: 42e6 },
  TSLA: { basePrice: 224, dailyVolatility: 0.03, averageDailyVolume: 98e6 },
};

/** How much of yesterday's deviation from the base price carries into today. */
const persistence = 0.95;
/** Older shocks than this weigh under 5% and are left out. */
const memoryDays = 60;
/** Intraday wiggle on top of the day's drift, as a share of the previous close. */
const intradayWobble = 0.004;
const minuteMs = 60_000;

/** FNV-1a: a stable 32-bit seed from text. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A uniform number in [0, 1) fixed by its key (one step of mulberry32). */
function uniform(key: string): number {
  let t = (hash(key) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A standard normal number fixed by its key (Box-Muller). */
function normal(key: string): number {
  const u = Math.max(uniform(`${key}:u`), Number.EPSILON);
  const v = uniform(`${key}:v`);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function clampToYearRange(symbol: StockSymbol, price: number): number {
  const { yearLow, yearHigh } = stockFundamentals[symbol];
  return Math.min(yearHigh, Math.max(yearLow, price));
}

/**
 * Maps a log deviation from the base price into the 52-week range: like `base * e^x` near the
 * base, easing towards the ends instead of flattening against them.
 */
function insideYearRange(symbol: StockSymbol, logDeviation: number): number {
  const { yearLow, yearHigh } = stockFundamentals[symbol];
  const { basePrice } = profiles[symbol];
  const span = yearHigh - yearLow;
  const centre = (basePrice - yearLow) / span;
  const slope = basePrice / (span * centre * (1 - centre));
  const position = Math.log(centre / (1 - centre)) + slope * logDeviation;
  return yearLow + span / (1 + Math.exp(-position));
}

/**
 * The close of a UTC day: a mean-reverting random walk (AR(1) on log price) around the
 * symbol's base price, computed from the last `memoryDays` daily shocks so any day is
 * reproducible without replaying history.
 */
export function simulatedClose(symbol: StockSymbol, day: number): number {
  const { dailyVolatility } = profiles[symbol];
  let logDeviation = 0;
  let weight = 1;
  for (let lag = 0; lag < memoryDays; lag += 1) {
    logDeviation += weight * dailyVolatility * normal(`${symbol}:${day - lag}`);
    weight *= persistence;
  }
  return roundCents(insideYearRange(symbol, logDeviation));
}

/** Smooth noise in [-1, 1] over minutes, so each refresh moves the price a little. */
function minuteNoise(symbol: StockSymbol, ms: number): number {
  const minutes = ms / minuteMs;
  const whole = Math.floor(minutes);
  const at = (minute: number) => uniform(`${symbol}:minute:${minute}`) * 2 - 1;
  const blend = (1 - Math.cos(Math.PI * (minutes - whole))) / 2;
  return at(whole) * (1 - blend) + at(whole + 1) * blend;
}

/** The quote at an instant: yesterday's close drifting to today's, with intraday noise. */
export function simulatedQuote(symbol: StockSymbol, nowMs: number): ProviderQuote {
  const day = utcDayNumber(nowMs);
  const previousClose = simulatedClose(symbol, day - 1);
  const close = simulatedClose(symbol, day);
  const elapsed = (nowMs - day * dayMs) / dayMs;
  // The wiggle fades at both ends of the day, so the price meets each day's close.
  const wiggle = previousClose * intradayWobble * Math.sin(Math.PI * elapsed);
  const price =
    previousClose + (close - previousClose) * elapsed + wiggle * minuteNoise(symbol, nowMs);
  const { averageDailyVolume } = profiles[symbol];
  const dayVolume = averageDailyVolume * (0.75 + 0.5 * uniform(`${symbol}:volume:${day}`));
  return {
    price: roundCents(clampToYearRange(symbol, price)),
    previousClose,
    volume: Math.round(dayVolume * (0.05 + 0.95 * elapsed)),
  };
}

/** Offline market data: deterministic per symbol and instant, the history fixed per day. */
export function createSimulatedProvider(now: () => number = Date.now): MarketProvider {
  return {
    limits: [],
    async quote(symbol) {
      return simulatedQuote(symbol, now());
    },
    async dailyCloses(symbol, { fromMs, toMs }): Promise<PricePoint[]> {
      const points: PricePoint[] = [];
      // Completed days only: today's close is still being made.
      for (let day = utcDayNumber(fromMs); day < utcDayNumber(toMs); day += 1) {
        points.push({ date: isoDate(day * dayMs), price: simulatedClose(symbol, day) });
      }
      return points;
    },
  };
}
