import {
  isTradingDay,
  newYorkTime,
  previousTradingDay,
  sessionCloseMinuteOf,
  sessionOpenMinute,
} from '../../calendar/market-calendar.ts';
import { roundCents } from '../../calendar/market-days.ts';
import type { MarketProvider, ProviderQuote } from '../market-provider.ts';
import type { SimulatedPriceControl } from './price-control.ts';
import { hash } from './random.ts';
import { type SimulatedBar, simulatedSeries } from './simulated-series.ts';

/** Intraday wiggle on top of the day's path from open to close, as a share of the open. */
const intradayWobble = 0.004;
const minuteMs = 60_000;
/** The seconds-scale swing: knots 5 s apart, a third of the minutes-scale one. */
const secondsStepMs = 5_000;
const secondsShare = 1 / 3;

/** A uniform number in [0, 1) fixed by its key (one step of mulberry32). */
function uniform(key: string): number {
  let t = (hash(key) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Smooth noise in [-1, 1] between knots `stepMs` apart, fixed by the symbol and the knot. */
function smoothNoise(key: string, ms: number, stepMs: number): number {
  const steps = ms / stepMs;
  const whole = Math.floor(steps);
  const at = (step: number) => uniform(`${key}:${step}`) * 2 - 1;
  const blend = (1 - Math.cos(Math.PI * (steps - whole))) / 2;
  return at(whole) * (1 - blend) + at(whole + 1) * blend;
}

/**
 * The intraday noise: a swing over minutes, and a smaller one over seconds, so a stream that
 * ticks every second shows the price move as a real one would.
 */
function intradayNoise(symbol: string, ms: number): number {
  return (
    smoothNoise(`${symbol}:minute`, ms, minuteMs) +
    secondsShare * smoothNoise(`${symbol}:seconds`, ms, secondsStepMs)
  );
}

/** A day's bar and the close before it, kept so a ticking stream does not replay the series. */
const sessionMemo = new Map<string, { bar: SimulatedBar; previousClose: number }>();
const sessionMemoSize = 4_096;

function sessionOf(symbol: string, date: string) {
  const key = `${symbol}|${date}`;
  let known = sessionMemo.get(key);
  if (!known) {
    const bars = simulatedSeries(symbol, date);
    const bar = bars.at(-1)!;
    known = { bar, previousClose: bars.at(-2)?.close ?? bar.open };
    sessionMemo.set(key, known);
    if (sessionMemo.size > sessionMemoSize) sessionMemo.delete(sessionMemo.keys().next().value!);
  }
  return known;
}

/**
 * The quote at an instant, read from the symbol's simulated daily series: during a session
 * the price travels from the day's open to its close (with intraday noise that fades at both
 * ends, inside the day's high and low), so at the close (16:00, or 13:00 on an early close) it is
 * exactly the close of today's bar;
 * outside a session it is the last close.
 */
export function simulatedQuote(symbol: string, nowMs: number): ProviderQuote {
  const { date, minute } = newYorkTime(nowMs);
  const sessionStarted = isTradingDay(date) && minute >= sessionOpenMinute;
  const sessionDate = sessionStarted ? date : previousTradingDay(date);
  const { bar, previousClose } = sessionOf(symbol, sessionDate);
  const exactMinute = minute + (nowMs % minuteMs) / minuteMs;
  const elapsed = sessionStarted
    ? Math.min(
        1,
        (exactMinute - sessionOpenMinute) / (sessionCloseMinuteOf(date) - sessionOpenMinute),
      )
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
  const path = bar.open + (bar.close - bar.open) * elapsed + wiggle * intradayNoise(symbol, nowMs);
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
 * unless a test server's price control steers a symbol (from the instant it was set).
 */
export function createSimulatedProvider(
  now: () => number = Date.now,
  control?: SimulatedPriceControl,
): MarketProvider {
  const quoteAt = (symbol: string, instant: number) => {
    const quote = simulatedQuote(symbol, instant);
    return control ? control.apply(symbol, quote, instant) : quote;
  };
  return {
    source: 'simulated',
    limits: [],
    async quote(symbol) {
      return quoteAt(symbol, now());
    },
    quoteAt,
  };
}
