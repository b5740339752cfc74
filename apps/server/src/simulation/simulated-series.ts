import { type StockSymbol, stockSymbols } from '@tickerwise/shared';
import { dayNumber, tradingDaysBetween } from '../calendar/market-calendar.ts';
import { stockFundamentals } from '../reference/stock-fundamentals.ts';
import { listedSymbol } from '../reference/universe.ts';

/**
 * The offline market: for each symbol, one deterministic series of daily bars from
 * `seriesStart`, seeded by the symbol. Daily log returns have a drift and a long-run
 * volatility set by sector, GARCH(1,1) variance (calm and stormy stretches), fat tails, and
 * occasional overnight gaps (earnings-like news). The product's five tracked stocks instead
 * revert to a base price inside their fixed 52-week range, so their figures stay coherent.
 */
export interface SimulatedBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const seriesStart = '2016-01-04';

interface SectorBehaviour {
  /** Expected yearly return. */
  drift: number;
  /** Yearly volatility of a typical member. */
  volatility: number;
}

const sectorBehaviour: Record<string, SectorBehaviour> = {
  'Information Technology': { drift: 0.14, volatility: 0.3 },
  'Communication Services': { drift: 0.1, volatility: 0.28 },
  'Consumer Discretionary': { drift: 0.1, volatility: 0.3 },
  'Consumer Staples': { drift: 0.06, volatility: 0.17 },
  Energy: { drift: 0.06, volatility: 0.33 },
  Financials: { drift: 0.09, volatility: 0.25 },
  'Health Care': { drift: 0.08, volatility: 0.22 },
  Industrials: { drift: 0.09, volatility: 0.24 },
  Materials: { drift: 0.07, volatility: 0.26 },
  'Real Estate': { drift: 0.05, volatility: 0.24 },
  Utilities: { drift: 0.05, volatility: 0.18 },
  // ETF asset classes.
  'US equity': { drift: 0.09, volatility: 0.17 },
  'International equity': { drift: 0.05, volatility: 0.18 },
  Bonds: { drift: 0.02, volatility: 0.07 },
  Commodities: { drift: 0.04, volatility: 0.16 },
  'Real estate': { drift: 0.05, volatility: 0.21 },
  'Sector equity': { drift: 0.09, volatility: 0.22 },
  'Thematic equity': { drift: 0.05, volatility: 0.45 },
};
const defaultBehaviour: SectorBehaviour = { drift: 0.07, volatility: 0.3 };

/** Daily standard deviation and volume of the tracked five (their 52-week range is fixed). */
const trackedBehaviour: Record<StockSymbol, { basePrice: number; daily: number; volume: number }> =
  {
    AAPL: { basePrice: 182, daily: 0.014, volume: 55e6 },
    MSFT: { basePrice: 372, daily: 0.013, volume: 21e6 },
    GOOGL: { basePrice: 138, daily: 0.016, volume: 26e6 },
    AMZN: { basePrice: 162, daily: 0.018, volume: 42e6 },
    TSLA: { basePrice: 224, daily: 0.03, volume: 98e6 },
  };

const garchAlpha = 0.1;
const garchBeta = 0.88;
/** Chance of an overnight gap on a given day, and its size in long-run daily deviations. */
const gapChance = 0.012;
const gapScale = 4;
/** Chance that a day's shock comes from the wide tail, and how much wider it is. */
const tailChance = 0.04;
const tailScale = 2.5;
/** The variance of a shock with its tail, per unit of GARCH variance. */
const tailVariance = 1 - tailChance + tailChance * tailScale * tailScale;
/** Daily mean reversion of the tracked five's log deviation from their base price. */
const trackedPersistence = 0.985;

/** FNV-1a: a stable 32-bit seed from text. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a small, fast PRNG; the same seed gives the same stream. */
export function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normalFrom(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

function isTracked(symbol: string): symbol is StockSymbol {
  return (stockSymbols as readonly string[]).includes(symbol);
}

/**
 * Maps a log deviation from the base price into a fixed range: like `base * e^x` near the
 * base, easing towards the ends instead of flattening against them.
 */
function insideRange(low: number, high: number, base: number, logDeviation: number): number {
  const span = high - low;
  const centre = (base - low) / span;
  const slope = base / (span * centre * (1 - centre));
  const position = Math.log(centre / (1 - centre)) + slope * logDeviation;
  return low + span / (1 + Math.exp(-position));
}

interface Model {
  /** Long-run daily variance. */
  longRunVariance: number;
  dailyDrift: number;
  averageVolume: number;
  startPrice: number;
  /** For the tracked five: the fixed range prices stay in. */
  range?: { low: number; high: number; base: number };
}

function modelOf(symbol: string): Model {
  const random = randomStream(hash(`${symbol}:model`));
  if (isTracked(symbol)) {
    const { basePrice, daily, volume } = trackedBehaviour[symbol];
    const { yearLow, yearHigh } = stockFundamentals[symbol];
    return {
      longRunVariance: daily * daily,
      dailyDrift: 0,
      averageVolume: volume,
      startPrice: basePrice,
      range: { low: yearLow, high: yearHigh, base: basePrice },
    };
  }
  const listed = listedSymbol(symbol);
  const behaviour = sectorBehaviour[listed?.sector ?? ''] ?? defaultBehaviour;
  const isEtf = listed?.type === 'etf';
  // Members of a sector differ: some calmer, some wilder than the sector.
  const spread = isEtf ? 1 : 0.75 + 0.6 * random();
  const treasuryBills = listed?.industry === 'Treasury bills';
  const yearlyVolatility = treasuryBills ? 0.004 : behaviour.volatility * spread;
  const startPrice = treasuryBills
    ? 91 + random() * 10
    : Math.exp(Math.log(18) + random() * Math.log(400 / 18));
  return {
    longRunVariance: (yearlyVolatility * yearlyVolatility) / 252,
    dailyDrift: (treasuryBills ? 0.03 : behaviour.drift) / 252,
    averageVolume: Math.round(Math.exp(Math.log(8e5) + random() * Math.log(60e6 / 8e5))),
    startPrice,
  };
}

let tradingDaysMemo: { through: string; days: string[] } | undefined;
const seriesMemo = new Map<string, SimulatedBar[]>();
/** Series kept in memory: a quote refresh or a page view does not replay ten years. */
const seriesMemoSize = 64;

/** The bars of `symbol` from `seriesStart` through `through` (trading days only). */
export function simulatedSeries(symbol: string, through: string): readonly SimulatedBar[] {
  const key = `${symbol}|${through}`;
  const known = seriesMemo.get(key);
  if (known) {
    seriesMemo.delete(key);
    seriesMemo.set(key, known);
    return known;
  }
  const bars = computeSeries(symbol, through);
  seriesMemo.set(key, bars);
  if (seriesMemo.size > seriesMemoSize) seriesMemo.delete(seriesMemo.keys().next().value!);
  return bars;
}

function computeSeries(symbol: string, through: string): SimulatedBar[] {
  const model = modelOf(symbol);
  const random = randomStream(hash(`${symbol}:series`));
  if (tradingDaysMemo?.through !== through) {
    tradingDaysMemo = { through, days: tradingDaysBetween(seriesStart, through) };
  }
  const { days } = tradingDaysMemo;
  const bars: SimulatedBar[] = [];
  const longRunDeviation = Math.sqrt(model.longRunVariance);
  const omega = model.longRunVariance * (1 - garchAlpha - garchBeta);
  let variance = model.longRunVariance;
  let previousShock = 0;
  let logLevel = 0;
  // No simulated share falls under a dollar: the walk bounces off that floor.
  const floorLevel = Math.log(1 / model.startPrice);
  const priceAt = (level: number) =>
    model.range
      ? insideRange(model.range.low, model.range.high, model.range.base, level)
      : model.startPrice * Math.exp(level);

  for (const date of days) {
    variance = omega + garchAlpha * previousShock * previousShock + garchBeta * variance;
    const deviation = Math.sqrt(variance);
    const tail = random() < tailChance ? tailScale : 1;
    const shock = deviation * tail * normalFrom(random);
    const gap = random() < gapChance ? gapScale * longRunDeviation * normalFrom(random) : 0;
    const overnight = 0.25 * deviation * normalFrom(random);
    const wickUp = Math.abs(normalFrom(random)) * 0.6 * deviation;
    const wickDown = Math.abs(normalFrom(random)) * 0.6 * deviation;
    const volumeNoise = normalFrom(random);

    const openLevel = (model.range ? trackedPersistence : 1) * logLevel + gap + overnight;
    // The drag of -variance/2 makes the drift the median yearly return, as for real prices.
    logLevel = Math.max(
      floorLevel,
      openLevel + model.dailyDrift - (variance * tailVariance) / 2 + shock,
    );
    // Scaled so that the long-run variance stays the sector's; gaps do not feed it.
    previousShock = shock / Math.sqrt(tailVariance);

    const open = priceAt(openLevel);
    const close = priceAt(logLevel);
    let high = Math.max(open, close) * Math.exp(wickUp);
    let low = Math.min(open, close) * Math.exp(-wickDown);
    if (model.range) {
      high = Math.min(high, model.range.high);
      low = Math.max(low, model.range.low);
    }
    const activity = 1 + 1.2 * (Math.abs(shock + gap) / longRunDeviation - 0.8);
    const volume = model.averageVolume * Math.exp(0.25 * volumeNoise) * Math.max(0.4, activity);
    bars.push({
      date,
      open: roundCents(open),
      high: roundCents(Math.max(high, open, close)),
      low: roundCents(Math.min(low, open, close)),
      close: roundCents(close),
      volume: Math.round(volume),
    });
  }
  return bars;
}

/** The index of the bar of `date` in a series, or -1 when it has none. */
export function seriesIndex(bars: readonly SimulatedBar[], date: string): number {
  const target = dayNumber(date);
  let low = 0;
  let high = bars.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = dayNumber(bars[middle]!.date);
    if (day === target) return middle;
    if (day < target) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
