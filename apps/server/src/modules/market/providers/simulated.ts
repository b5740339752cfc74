import {
  isTradingDay,
  newYorkTime,
  previousTradingDay,
  sessionCloseMinute,
  sessionOpenMinute,
} from '../../../calendar/market-calendar.ts';
import type { SimulatedPriceControl } from '../../../simulation/price-control.ts';
import { hash, simulatedSeries } from '../../../simulation/simulated-series.ts';
import { roundCents } from '../market-days.ts';
import type { MarketProvider, ProviderQuote } from './market-provider.ts';

/** Intraday wiggle on top of the day's path from open to close, as a share of the open. */
const intradayWobble = 0.004;
const minuteMs = 60_000;
const sessionMinutes = sessionCloseMinute - sessionOpenMinute;

/** A uniform number in [0, 1) fixed by its key (one step of mulberry32). */
function uniform(key: string): number {
  let t = (hash(key) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Smooth noise in [-1, 1] over minutes, so each refresh moves the price a little. */
function minuteNoise(symbol: string, ms: number): number {
  const minutes = ms / minuteMs;
  const whole = Math.floor(minutes);
  const at = (minute: number) => uniform(`${symbol}:minute:${minute}`) * 2 - 1;
  const blend = (1 - Math.cos(Math.PI * (minutes - whole))) / 2;
  return at(whole) * (1 - blend) + at(whole + 1) * blend;
}

/**
 * The quote at an instant, read from the symbol's simulated daily series: during a session
 * the price travels from the day's open to its close (with intraday noise that fades at both
 * ends, inside the day's high and low), so at 16:00 it is exactly the close of today's bar;
 * outside a session it is the last close.
 */
export function simulatedQuote(symbol: string, nowMs: number): ProviderQuote {
  const { date, minute } = newYorkTime(nowMs);
  const sessionStarted = isTradingDay(date) && minute >= sessionOpenMinute;
  const sessionDate = sessionStarted ? date : previousTradingDay(date);
  const bars = simulatedSeries(symbol, sessionDate);
  const bar = bars.at(-1)!;
  const previousClose = bars.at(-2)?.close ?? bar.open;
  const exactMinute = minute + (nowMs % minuteMs) / minuteMs;
  const elapsed = sessionStarted
    ? Math.min(1, (exactMinute - sessionOpenMinute) / sessionMinutes)
    : 1;
  if (elapsed >= 1) {
    return {
      price: bar.close,
      previousClose,
      volume: bar.volume,
      open: bar.open,
      high: bar.high,
      low: bar.low,
    };
  }
  const wiggle = bar.open * intradayWobble * Math.sin(Math.PI * elapsed);
  const path = bar.open + (bar.close - bar.open) * elapsed + wiggle * minuteNoise(symbol, nowMs);
  const price = roundCents(Math.min(bar.high, Math.max(bar.low, path)));
  return {
    price,
    previousClose,
    volume: Math.round(bar.volume * (0.05 + 0.95 * elapsed)),
    open: bar.open,
  };
}

/**
 * Offline quotes: deterministic per symbol and instant, and the same prices as the bars,
 * unless a test server's price control steers a symbol.
 */
export function createSimulatedProvider(
  now: () => number = Date.now,
  control?: SimulatedPriceControl,
): MarketProvider {
  return {
    source: 'simulated',
    limits: [],
    async quote(symbol) {
      const quote = simulatedQuote(symbol, now());
      return control ? control.apply(symbol, quote) : quote;
    },
  };
}
