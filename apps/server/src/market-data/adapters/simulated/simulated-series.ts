import { type StockSymbol, stockSymbols } from '@tickerwise/shared';
import { tradingDaysBetween } from '../../calendar/market-calendar.ts';
import { listedSymbol } from '../../reference/universe.ts';
import {
  fundBehaviour,
  fundCorrelation,
  marketIndustry,
  stockBehaviour,
  stockCorrelationRange,
} from './market-behaviour.ts';
import { levelDate } from './price-anchors.ts';
import { boundedNormalFrom, Draws, hash, normalFrom, randomStream } from './random.ts';
import { simulatedLevel, typicalMarketCap } from './simulated-level.ts';
import { stockFundamentals } from './stock-fundamentals.ts';

/**
 * The offline market: for each symbol, one deterministic series of daily bars from
 * `seriesStart`, seeded by the symbol. Daily log returns have a drift and a long-run
 * volatility set by sector (for a fund, by what it holds), GARCH(1,1) variance (calm and
 * stormy stretches), fat tails, and for single stocks occasional overnight gaps
 * (earnings-like news).
 *
 * The walk is pinned so that it passes through the symbol's simulated level
 * (simulated-level.ts) on `levelDate`, and bent so that its outcome one, five and ten years
 * back is a plausible one (see `outcomeSpread`): prices trend into today's order of magnitude
 * instead of wandering from an arbitrary start, and a five-year chart climbs or falls the way
 * real ones do. Funds that follow the same index share one walk, so SPY, IVV and VOO move
 * together. Every walk moves with the market (the S&P 500 funds' walk): a day's shock is the
 * symbol's correlation with the market times the market's shock plus its own, so each
 * symbol's beta to SPY is plausible (about its correlation x its volatility / the market's).
 * The product's five tracked stocks walk freely up to `trackedRangeStart` and from then on
 * revert to a base price inside their fixed 52-week range, so from a year after that day
 * their past year always lies within that range.
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
/** From this day on the tracked five stay inside their fixed 52-week range. */
export const trackedRangeStart = '2025-01-02';

/** The tracked five: free-walk drift and daily deviation, base price inside the range, volume. */
const trackedBehaviour: Record<
  StockSymbol,
  { drift: number; daily: number; basePrice: number; volume: number }
> = {
  AAPL: { drift: 0.14, daily: 0.014, basePrice: 182, volume: 55e6 },
  MSFT: { drift: 0.15, daily: 0.013, basePrice: 372, volume: 21e6 },
  GOOGL: { drift: 0.13, daily: 0.016, basePrice: 138, volume: 26e6 },
  AMZN: { drift: 0.12, daily: 0.018, basePrice: 162, volume: 42e6 },
  TSLA: { drift: 0.22, daily: 0.03, basePrice: 224, volume: 98e6 },
};

const tradingDaysPerYear = 252;
/**
 * GJR-GARCH(1,1): a day's variance follows yesterday's shock, a fall's more than a rise's
 * (storms start with drops, as in real markets), and decays slowly to the long run.
 */
const garchAlpha = 0.03;
const garchDownAlpha = 0.13;
const garchBeta = 0.88;
/** The variance of a storm's worst days, in long-run variances (four times the deviation). */
const stormCeiling = 16;
/** Chance of an overnight gap on a given day, and its size in long-run daily deviations. */
const gapChance = 0.012;
const gapScale = 4;
/** Chance that a day's shock comes from the wide tail, and how much wider it is. */
const tailChance = 0.02;
const tailScale = 2;
/** The deviation of a shock with its tail, per unit of GARCH deviation. */
const tailDeviation = Math.sqrt(1 - tailChance + tailChance * tailScale * tailScale);
/** The share of a day's variance that comes overnight (between close and open). */
const overnightShare = 0.06;
const overnightDeviation = Math.sqrt(overnightShare);
const sessionDeviation = Math.sqrt(1 - overnightShare);
/** How far a day's high and low reach past its open and close, in daily deviations. */
const wickScale = 0.6;
/** Daily mean reversion of the tracked five's log deviation from their base price. */
const trackedPersistence = 0.985;
/** A company's shares traded in a day, as a share of all its shares: 0.25% to 1%. */
const turnover = { low: 0.0025, high: 0.01 };
/**
 * Members of a sector differ from it: volatility times 0.75 to 1.35, and a yearly drift off
 * the sector's by this much (one standard deviation).
 */
const memberVolatility = { low: 0.75, high: 1.35 };
const memberDriftDeviation = 0.03;
/** The walk's outcome is bent at these many years before its pin. */
const checkpointYears = [5, 1];
/**
 * The spread of the walk's outcome over years, as a share of a free walk's (volatility times
 * the root of the years). Today's listed companies and funds are the ones that did not
 * collapse, so their past outcomes spread less than free walks would.
 */
const outcomeSpread = 0.7;
/** No surprise goes beyond this many of its standard deviations, for the same reason. */
const outcomeLimit = 2;
/**
 * A company is as large as it is today because of how it did: per year of its past, its
 * trend is raised by this much per unit of log market cap above the typical company's
 * (about 7 points a year for the largest, 2 fewer for the smallest).
 */
const sizeTilt = 0.015;

const roundCents = (value: number) => Math.round(value * 100) / 100;
const logUniform = (random: () => number, low: number, high: number) =>
  Math.exp(Math.log(low) + random() * Math.log(high / low));

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

/** No simulated share trades under a dollar: prices under $2 ease towards $1. */
const aboveADollar = (price: number) => (price < 2 ? 1 + (price * price) / 4 : price);

interface Model {
  /** Seed of the walk's shocks and trend: the symbol, or for a fund the index it follows. */
  walkSeed: string;
  /** Correlation of the walk's daily shocks with the market's (1 for the market's own walk). */
  correlation: number;
  /** Expected yearly return and yearly volatility. */
  drift: number;
  volatility: number;
  /** Added to the yearly trend of the walk's past (see `sizeTilt`). */
  pastTilt: number;
  gaps: boolean;
  averageVolume: number;
  /** The free walk closes at `price` on its last trading day up to `date`. */
  pin: { date: string; price: number };
  /** For the tracked five: the fixed range prices stay in from `from` on. */
  range?: { from: string; low: number; high: number; base: number };
}

function modelOf(symbol: string): Model {
  const random = randomStream(hash(`${symbol}:model`));
  if (isTracked(symbol)) {
    const { drift, daily, basePrice, volume } = trackedBehaviour[symbol];
    const { yearLow, yearHigh } = stockFundamentals[symbol];
    const [low, high] = stockCorrelationRange(listedSymbol(symbol)?.sector);
    return {
      walkSeed: symbol,
      correlation: low + (high - low) * random(),
      drift,
      volatility: daily * Math.sqrt(tradingDaysPerYear),
      pastTilt: 0,
      gaps: true,
      averageVolume: volume,
      // The free walk ends at the base price the day before the range begins.
      pin: { date: trackedRangeStart, price: basePrice },
      range: { from: trackedRangeStart, low: yearLow, high: yearHigh, base: basePrice },
    };
  }
  const listing = listedSymbol(symbol);
  const level = simulatedLevel(symbol);
  const pin = { date: levelDate, price: level.price };
  if (listing?.type === 'etf') {
    const volume = listing.featured ? [2e6, 60e6] : [4e5, 12e6];
    const walkSeed = `fund:${listing.sector}:${listing.industry}`;
    return {
      walkSeed,
      correlation: walkSeed === marketWalkSeed ? 1 : fundCorrelation(listing),
      ...fundBehaviour(listing),
      pastTilt: 0,
      gaps: false,
      averageVolume: logUniform(random, volume[0]!, volume[1]!),
      pin,
    };
  }
  const behaviour = stockBehaviour(listing?.sector);
  // Members of a sector differ: some calmer, some wilder, some better run than the sector.
  const spread = memberVolatility.low + (memberVolatility.high - memberVolatility.low) * random();
  const drift = behaviour.drift + memberDriftDeviation * normalFrom(random);
  const shares = (level.marketCap ?? 0) / level.price;
  const averageVolume = Math.max(1e5, shares * logUniform(random, turnover.low, turnover.high));
  const [low, high] = stockCorrelationRange(listing?.sector);
  return {
    walkSeed: symbol,
    correlation: low + (high - low) * random(),
    drift,
    volatility: behaviour.volatility * spread,
    pastTilt: sizeTilt * Math.log((level.marketCap ?? typicalMarketCap) / typicalMarketCap),
    gaps: true,
    averageVolume,
    pin,
  };
}

/** The market's walk: the S&P 500 funds'. */
const marketWalkSeed = `fund:US equity:${marketIndustry}`;
/** The market's walk per number of days (its shocks are the same for every symbol). */
const marketWalkMemo = new Map<number, { model: Model; walk: Walk }>();

function marketWalk(days: readonly string[]): { model: Model; walk: Walk } {
  let market = marketWalkMemo.get(days.length);
  if (!market) {
    const model = modelOf('SPY');
    market = { model, walk: walkOf(model, days, null) };
    if (marketWalkMemo.size >= 4) marketWalkMemo.clear();
    marketWalkMemo.set(days.length, market);
  }
  return market;
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
  // The walk always runs to its pin, so a day's bar is the same whatever the last day asked.
  const last = through > model.pin.date ? through : model.pin.date;
  if (tradingDaysMemo?.through !== last) {
    tradingDaysMemo = { through: last, days: tradingDaysBetween(seriesStart, last) };
  }
  const { days } = tradingDaysMemo;
  const market = model.walkSeed === marketWalkSeed ? null : marketWalk(days);
  const walk = walkOf(
    model,
    days,
    market && {
      walk: market.walk,
      // beta = correlation x the symbol's volatility / the market's.
      beta: (model.correlation * model.volatility) / market.model.volatility,
    },
  );
  let pinIndex = walk.rangeFrom - 1;
  while (pinIndex > 0 && days[pinIndex]! > model.pin.date) pinIndex -= 1;
  toPrices(walk, model, pinIndex);

  let end = days.length;
  while (end > 0 && days[end - 1]! > through) end -= 1;
  const bars: SimulatedBar[] = new Array(end);
  for (let index = 0; index < end; index += 1) {
    const open = roundCents(walk.open[index]!);
    const close = roundCents(walk.close[index]!);
    bars[index] = {
      date: days[index]!,
      open,
      high: Math.max(roundCents(walk.high[index]!), open, close),
      low: Math.min(roundCents(walk.low[index]!), open, close),
      close,
      volume: walk.volume[index]!,
    };
  }
  return bars;
}

/**
 * The walk day by day. Before `rangeFrom` its open, high, low and close are log levels of the
 * free walk; from `rangeFrom` on (the tracked five's range), prices.
 */
interface Walk {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** Each day's session and overnight log moves (gaps aside), and its variance. */
  session: Float64Array;
  overnight: Float64Array;
  variance: Float64Array;
  rangeFrom: number;
}

/**
 * `market`: the market's walk and the symbol's beta to it; a day's move is beta times the
 * market's plus the symbol's own, whose GARCH long-run variance is what the market leaves of
 * the symbol's volatility (1 - correlation²). Null for the market's own walk.
 */
function walkOf(
  model: Model,
  days: readonly string[],
  market: { walk: Walk; beta: number } | null,
): Walk {
  const count = days.length;
  const walk: Walk = {
    open: new Float64Array(count),
    high: new Float64Array(count),
    low: new Float64Array(count),
    close: new Float64Array(count),
    volume: new Float64Array(count),
    session: new Float64Array(count),
    overnight: new Float64Array(count),
    variance: new Float64Array(count),
    rangeFrom: count,
  };
  const { range } = model;
  if (range) {
    const from = days.findIndex((date) => date >= range.from);
    if (from >= 0) walk.rangeFrom = from;
  }
  // Drawn up front, a fixed number a day, so the loop below makes no calls; in two streams,
  // so that a longer series starts with the same draws as a shorter one.
  const uniforms = new Draws(hash(`${model.walkSeed}:events`)).uniforms(2 * count);
  const normals = new Draws(hash(`${model.walkSeed}:series`)).normals(6 * count);
  const longRunVariance = (model.volatility * model.volatility) / tradingDaysPerYear;
  const longRunDeviation = Math.sqrt(longRunVariance);
  const ownShare = market ? 1 - model.correlation * model.correlation : 1;
  const ownLongRunVariance = longRunVariance * ownShare;
  const beta = market?.beta ?? 0;
  const dailyDrift = model.drift / tradingDaysPerYear;
  // Falls are half the shocks, so on average a shock adds alpha plus half the extra for falls.
  const omega = ownLongRunVariance * (1 - garchAlpha - garchDownAlpha / 2 - garchBeta);
  const varianceCeiling = stormCeiling * ownLongRunVariance;
  let ownVariance = ownLongRunVariance;
  let previousShock = 0;
  let logLevel = 0;
  let deviationFromBase = 0;

  for (let index = 0; index < count; index += 1) {
    const reaction = previousShock < 0 ? garchAlpha + garchDownAlpha : garchAlpha;
    ownVariance = Math.min(
      varianceCeiling,
      omega + reaction * previousShock * previousShock + garchBeta * ownVariance,
    );
    const ownDeviation = Math.sqrt(ownVariance);
    // The day's own innovation with its fat tail, scaled to the GARCH variance.
    const tail = uniforms[2 * index]! < tailChance ? tailScale : 1;
    previousShock = (ownDeviation * tail * normals[6 * index]!) / tailDeviation;
    // Overnight and session moves together have that variance; gaps do not feed it. The
    // market's part comes on top, beta times the market's moves.
    const variance = ownVariance + (market ? beta * beta * market.walk.variance[index]! : 0);
    const deviation = Math.sqrt(variance);
    const shock =
      sessionDeviation * previousShock + (market ? beta * market.walk.session[index]! : 0);
    const overnight =
      overnightDeviation * ownDeviation * normals[6 * index + 1]! +
      (market ? beta * market.walk.overnight[index]! : 0);
    walk.session[index] = shock;
    walk.overnight[index] = overnight;
    walk.variance[index] = variance;
    const gap =
      uniforms[2 * index + 1]! < gapChance && model.gaps
        ? gapScale * longRunDeviation * normals[6 * index + 2]!
        : 0;
    const wickUp = Math.abs(normals[6 * index + 3]!) * wickScale * deviation;
    const wickDown = Math.abs(normals[6 * index + 4]!) * wickScale * deviation;
    // The drag of -variance/2 makes the drift the expected yearly return, as for real prices.
    const drag = variance / 2;
    const activity = 1 + 1.2 * (Math.abs(shock + gap) / longRunDeviation - 0.8);
    walk.volume[index] = Math.round(
      model.averageVolume * Math.exp(0.25 * normals[6 * index + 5]!) * Math.max(0.4, activity),
    );

    if (range && index >= walk.rangeFrom) {
      const openDeviation = trackedPersistence * deviationFromBase + gap + overnight;
      deviationFromBase = openDeviation - drag + shock;
      const open = insideRange(range.low, range.high, range.base, openDeviation);
      const close = insideRange(range.low, range.high, range.base, deviationFromBase);
      walk.open[index] = open;
      walk.close[index] = close;
      walk.high[index] = Math.min(Math.max(open, close) * Math.exp(wickUp), range.high);
      walk.low[index] = Math.max(Math.min(open, close) * Math.exp(-wickDown), range.low);
      continue;
    }
    const open = logLevel + gap + overnight;
    logLevel = open + dailyDrift - drag + shock;
    walk.open[index] = open;
    walk.close[index] = logLevel;
    walk.high[index] = Math.max(open, logLevel) + wickUp;
    walk.low[index] = Math.min(open, logLevel) - wickDown;
  }
  return walk;
}

/**
 * Turns the free walk's log levels into prices, in place. The walk is bent by a constant
 * added to each day's log return between checkpoints (its start, then five years and one
 * year before its pin), so that its outcome over each stretch is the symbol's trend (drift
 * less half the variance, per year, tilted by its size) plus a seeded surprise (see
 * `outcomeSpread`). Then it is scaled to close at the pin's price on `pinIndex`; days after
 * the pin walk freely.
 */
function toPrices(walk: Walk, model: Model, pinIndex: number): void {
  const { open, high, low, close } = walk;
  const random = randomStream(hash(`${model.walkSeed}:trend`));
  const trend = model.drift + model.pastTilt - (model.volatility * model.volatility) / 2;
  const checkpoints = [
    0,
    ...checkpointYears
      .map((years) => pinIndex - years * tradingDaysPerYear)
      .filter((day) => day > 0),
    pinIndex,
  ];
  /** Per stretch, what is added to each day's log return. */
  const bends: number[] = [];
  let totalBend = 0;
  for (let stretch = 0; stretch + 1 < checkpoints.length; stretch += 1) {
    const [from, to] = [checkpoints[stretch]!, checkpoints[stretch + 1]!];
    const years = (to - from) / tradingDaysPerYear;
    const surprise = boundedNormalFrom(random, outcomeLimit);
    // A year is too short for survival to narrow it: the last one spreads as a free walk's.
    const spread = years > 1 ? outcomeSpread : 1;
    const outcome = trend * years + spread * model.volatility * Math.sqrt(years) * surprise;
    const bend = outcome - (close[to]! - close[from]!);
    bends.push(to > from ? bend / (to - from) : 0);
    totalBend += bend;
  }

  let shift = Math.log(model.pin.price) - close[pinIndex]! - totalBend;
  let stretch = 0;
  for (let index = 0; index < walk.rangeFrom; index += 1) {
    if (index > 0 && index <= pinIndex) {
      while (index > checkpoints[stretch + 1]!) stretch += 1;
      shift += bends[stretch]!;
    }
    open[index] = aboveADollar(Math.exp(open[index]! + shift));
    high[index] = aboveADollar(Math.exp(high[index]! + shift));
    low[index] = aboveADollar(Math.exp(low[index]! + shift));
    close[index] = aboveADollar(Math.exp(close[index]! + shift));
  }
}
