import type { DailyBar } from '@tickerwise/shared';
import {
  ADX,
  AO,
  CCI,
  ElderRay,
  EMA,
  HMA,
  IchimokuCloud,
  MACD,
  MOM,
  RSI,
  SMA,
  StochasticOscillator,
  UltimateOscillator,
  VWMA,
  WilliamsR,
} from 'trading-signals';

/**
 * Every indicator the technical rating votes with, computed over a symbol's daily bars by the
 * `trading-signals` library (MIT, bennycode/trading-signals). Nothing here is indicator maths
 * of our own; where TradingView's definition differs from the library's ready-made class, the
 * indicator is composed from library classes the way TradingView's Pine code composes it:
 * - CCI 20 on the close (`ta.cci(close, 20)`): the library's CCI fed with high = low = close,
 *   so its typical price is the close;
 * - Stochastic RSI 3/3/14/14 (`ta.stoch(rsi, rsi, rsi, 14)`, %K and %D smoothed by SMA 3):
 *   the library's Stochastic oscillator fed with RSI 14 as high, low and close;
 * - Bull/Bear Power 13: the library's Elder Ray (high and low minus EMA 13), with the EMA 50
 *   trend TradingView's rule looks at;
 * - Ichimoku 9/26/52: the library's cloud lines; TradingView compares against the leading
 *   spans as they were 26 bars ago (the cloud drawn under today's bar), so those are kept.
 * The library seeds an EMA with the first close where TradingView seeds it with an SMA; over
 * the five years of stored bars the difference fades to nothing.
 */

export const movingAverageLengths = [10, 20, 30, 50, 100, 200] as const;
export type MovingAverageLength = (typeof movingAverageLengths)[number];

/** A value on the last bar and on the ones before it; null before the indicator has enough bars. */
export interface Recent {
  now: number | null;
  prev: number | null;
  prev2: number | null;
}

export interface IchimokuReading {
  conversion: number;
  base: number;
  /** Leading spans A and B computed 26 bars ago: the cloud under today's bar. */
  leadA: number;
  leadB: number;
}

export interface IndicatorReadings {
  close: number;
  sma: Record<MovingAverageLength, number | null>;
  ema: Record<MovingAverageLength, number | null>;
  hull9: number | null;
  vwma20: number | null;
  ichimoku: IchimokuReading | null;
  rsi14: Recent;
  stochastic: { k: number | null; d: Recent };
  cci20: Recent;
  adx14: { adx: Recent; plusDi: number | null; minusDi: number | null };
  awesome: Recent;
  momentum10: Recent;
  macd: { macd: number | null; signal: number | null };
  stochasticRsi: { k: number | null; d: number | null };
  /** EMA 50: the trend TradingView's Stochastic RSI and Bull/Bear Power rules look at. */
  trendEma50: number | null;
  williamsR14: Recent;
  bullPower: Recent;
  bearPower: Recent;
  ultimate: number | null;
}

/** Keeps the last three values of a series. */
class RecentValues {
  private values: [number | null, number | null, number | null] = [null, null, null];

  push(value: number | null | undefined): void {
    this.values = [value ?? null, this.values[0], this.values[1]];
  }

  read(): Recent {
    const [now, prev, prev2] = this.values;
    return { now, prev, prev2 };
  }
}

const ichimokuDisplacement = 26;

/**
 * How many of the last bars each indicator is fed. A window indicator (SMA, Stochastic,
 * Ichimoku...) only sees its window, so the bars before it change nothing. Wilder's smoothing
 * (RSI, ADX) and EMAs up to 30 bars forget their start at least as fast as EMA 30 (2/31 a
 * bar): after 400 bars what came before weighs less than 1e-11. EMAs of 50 bars and more
 * forget slowly and see every bar. Feeding less keeps a five-year rating to a few
 * milliseconds.
 */
const smoothedTail = 400;
const windowTail = (window: number) => window + 3;

/** Runs every indicator over the bars (oldest first) and reads them on the last bar. */
export function readIndicators(bars: readonly DailyBar[]): IndicatorReadings {
  const last = bars.at(-1);
  if (!last) throw new Error('readIndicators needs at least one bar');
  const count = bars.length;
  const from = (tail: number) => Math.max(0, count - tail);

  const sma = movingAverageLengths.map((length) => new SMA(length));
  const ema = movingAverageLengths.map((length) => new EMA(length));
  const hull = new HMA(9);
  const vwma = new VWMA(20);
  const ichimoku = new IchimokuCloud({
    conversionInterval: 9,
    baseInterval: 26,
    spanBInterval: 52,
  });
  const leads: Array<{ leadA: number; leadB: number } | null> = [];
  const rsi = new RSI(14);
  const stochastic = new StochasticOscillator({ kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 });
  const cci = new CCI(20);
  const adx = new ADX(14);
  const awesome = new AO(5, 34);
  const momentum = new MOM(10);
  const macd = new MACD(new EMA(12), new EMA(26), new EMA(9));
  const stochasticRsi = new StochasticOscillator({ kPeriod: 14, kSlowingPeriod: 3, dPeriod: 3 });
  const trend = new EMA(50);
  const williams = new WilliamsR(14);
  const elderRay = new ElderRay(13);
  const ultimate = new UltimateOscillator({ shortPeriod: 7, mediumPeriod: 14, longPeriod: 28 });

  const rsiSeries = new RecentValues();
  const stochD = new RecentValues();
  const cciSeries = new RecentValues();
  const adxSeries = new RecentValues();
  const aoSeries = new RecentValues();
  const momSeries = new RecentValues();
  const wprSeries = new RecentValues();
  const bullSeries = new RecentValues();
  const bearSeries = new RecentValues();

  let vwmaValue: number | null = null;
  let ichimokuLines: { conversion: number; base: number } | null = null;
  let stochasticK: number | null = null;
  let stochasticRsiResult: { k: number; d: number } | null = null;

  const smaFrom = movingAverageLengths.map((length) => from(windowTail(length)));
  const emaFrom = movingAverageLengths.map((length) => (length >= 50 ? 0 : from(smoothedTail)));
  const smoothedFrom = from(smoothedTail);
  const hullFrom = from(windowTail(9 + 3));
  const vwmaFrom = from(windowTail(20));
  const ichimokuFrom = from(windowTail(52 + ichimokuDisplacement));
  const stochasticFrom = from(windowTail(14 + 3 + 3));
  const cciFrom = from(windowTail(20));
  const awesomeFrom = from(windowTail(34));
  const momentumFrom = from(windowTail(10));
  const williamsFrom = from(windowTail(14));
  const ultimateFrom = from(windowTail(28 + 1));

  for (let index = 0; index < count; index += 1) {
    const bar = bars[index] as DailyBar;
    const { close } = bar;
    sma.forEach((average, n) => {
      if (index >= (smaFrom[n] ?? 0)) average.add(close);
    });
    ema.forEach((average, n) => {
      if (index >= (emaFrom[n] ?? 0)) average.add(close);
    });
    if (index >= hullFrom) hull.add(close);
    // The library returns null for a window without volume but keeps its older result.
    if (index >= vwmaFrom) vwmaValue = vwma.add(bar);
    if (index >= ichimokuFrom) {
      const cloud = ichimoku.add(bar);
      ichimokuLines = cloud ? { conversion: cloud.conversion, base: cloud.base } : null;
      leads.push(cloud ? { leadA: cloud.spanA, leadB: cloud.spanB } : null);
      if (leads.length > ichimokuDisplacement + 1) leads.shift();
    }
    if (index >= stochasticFrom) {
      const stoch = stochastic.add(bar);
      stochasticK = stoch?.stochK ?? null;
      stochD.push(stoch?.stochD);
    }
    if (index >= cciFrom) cciSeries.push(cci.add({ high: close, low: close, close }));
    if (index >= awesomeFrom) aoSeries.push(awesome.add(bar));
    if (index >= momentumFrom) momSeries.push(momentum.add(close));
    if (index >= williamsFrom) wprSeries.push(williams.add(bar));
    if (index >= ultimateFrom) ultimate.add(bar);
    trend.add(close);
    if (index < smoothedFrom) continue;
    const rsiValue = rsi.add(close);
    rsiSeries.push(rsiValue);
    adxSeries.push(adx.add(bar));
    macd.add(close);
    if (rsiValue !== null) {
      const stochOfRsi = stochasticRsi.add({ high: rsiValue, low: rsiValue, close: rsiValue });
      stochasticRsiResult = stochOfRsi ? { k: stochOfRsi.stochK, d: stochOfRsi.stochD } : null;
    }
    const power = elderRay.add(bar);
    bullSeries.push(power?.bullPower);
    bearSeries.push(power?.bearPower);
  }

  const record = (indicators: Array<SMA | EMA>) =>
    Object.fromEntries(
      movingAverageLengths.map((length, index) => [length, indicators[index]?.getResult() ?? null]),
    ) as Record<MovingAverageLength, number | null>;
  const displaced = leads.length > ichimokuDisplacement ? leads[0] : null;
  const macdResult = macd.getResult();
  const adxValue = adx.getResult();

  return {
    close: last.close,
    sma: record(sma),
    ema: record(ema),
    hull9: hull.getResult(),
    vwma20: vwmaValue,
    ichimoku:
      ichimokuLines && displaced
        ? { ...ichimokuLines, leadA: displaced.leadA, leadB: displaced.leadB }
        : null,
    rsi14: rsiSeries.read(),
    stochastic: { k: stochasticK, d: stochD.read() },
    cci20: cciSeries.read(),
    adx14: {
      adx: adxSeries.read(),
      // The library keeps +DI and -DI as fractions; TradingView shows them in percent.
      plusDi: adxValue === null || typeof adx.pdi !== 'number' ? null : adx.pdi * 100,
      minusDi: adxValue === null || typeof adx.mdi !== 'number' ? null : adx.mdi * 100,
    },
    awesome: aoSeries.read(),
    momentum10: momSeries.read(),
    macd: { macd: macdResult?.macd ?? null, signal: macdResult?.signal ?? null },
    stochasticRsi: { k: stochasticRsiResult?.k ?? null, d: stochasticRsiResult?.d ?? null },
    trendEma50: trend.getResult(),
    williamsR14: wprSeries.read(),
    bullPower: bullSeries.read(),
    bearPower: bearSeries.read(),
    ultimate: ultimate.getResult(),
  };
}
