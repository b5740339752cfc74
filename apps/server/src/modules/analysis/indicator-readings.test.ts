import { describe, expect, it } from 'vitest';
import { barsFromCloses, randomWalkBars } from '../../../test/daily-bars.ts';
import * as reference from '../../../test/indicator-reference.ts';
import { readIndicators } from './indicator-readings.ts';

/**
 * Golden tests of the indicator values the rating votes with. Two sources of truth:
 * 1. a straight line, where each indicator's value can be worked out by hand (the working is
 *    in the comments);
 * 2. an independent spreadsheet-style calculation from TradingView's Pine definitions
 *    (test/indicator-reference.ts) over five years of a seeded random walk.
 */

describe('indicator readings on a straight line, checked by hand', () => {
  // Closes 1, 2, ..., 300; each bar spans close - 1 to close + 1; 1,000,000 shares a day.
  const closes = Array.from({ length: 300 }, (_, index) => index + 1);
  const bars = barsFromCloses(closes).map((bar) => ({
    ...bar,
    high: bar.close + 1,
    low: bar.close - 1,
  }));
  const readings = readIndicators(bars);

  it('averages lag a straight line by (length - 1) / 2', () => {
    // SMA 10 of 291..300 = 295.5; SMA 200 of 101..300 = 200.5.
    expect(readings.sma[10]).toBeCloseTo(295.5, 9);
    expect(readings.sma[200]).toBeCloseTo(200.5, 9);
    // An EMA of a line settles at the same lag: 300 - 9/2 = 295.5 for EMA 10.
    expect(readings.ema[10]).toBeCloseTo(295.5, 6);
    // VWMA with equal volumes is the SMA: 300 - 19/2.
    expect(readings.vwma20).toBeCloseTo(290.5, 9);
  });

  it('the Hull average removes the lag of a straight line entirely', () => {
    // WMA(4) lags by 1, WMA(9) by 8/3: 2 * (300 - 1) - (300 - 8/3) = 300 + 2/3, a line of
    // slope 1 whose WMA(3) lags by 2/3: exactly 300.
    expect(readings.hull9).toBeCloseTo(300, 9);
  });

  it('oscillators read the slope of the line', () => {
    // Every change is a gain: RSI is 100.
    expect(readings.rsi14.now).toBe(100);
    // Momentum 10: 300 - 290.
    expect(readings.momentum10.now).toBeCloseTo(10, 9);
    // AO: SMA 5 of the median (300 - 2) minus SMA 34 (300 - 16.5) = 14.5.
    expect(readings.awesome.now).toBeCloseTo(14.5, 9);
    // MACD: EMA 12 lags by 5.5, EMA 26 by 12.5: 7; its signal settles at 7 too.
    expect(readings.macd.macd).toBeCloseTo(7, 4);
    expect(readings.macd.signal).toBeCloseTo(7, 4);
    // CCI 20 on the close: 300 is 9.5 above the SMA (290.5); the mean absolute deviation of
    // 281..300 around 290.5 is 5; 9.5 / (0.015 * 5) = 126.666...
    expect(readings.cci20.now).toBeCloseTo(126.6667, 3);
    // Williams %R 14: highest high 301, lowest low 286; (300 - 301) / 15 * 100 = -6.667.
    expect(readings.williamsR14.now).toBeCloseTo(-6.6667, 3);
    // Stochastic %K: fast %K is (300 - 286) / (301 - 286) = 93.33 on every bar; smoothed alike.
    expect(readings.stochastic.k).toBeCloseTo(93.3333, 3);
    expect(readings.stochastic.d.now).toBeCloseTo(93.3333, 3);
    // Bull power: high 301 minus EMA 13 (300 - 6) = 7; bear power: 299 - 294 = 5.
    expect(readings.bullPower.now).toBeCloseTo(7, 6);
    expect(readings.bearPower.now).toBeCloseTo(5, 6);
  });

  it('the Ichimoku lines are midpoints of the last 9, 26 and 52 bars', () => {
    // Conversion: (301 + 291) / 2 = 296; base: (301 + 274) / 2 = 287.5; 26 bars ago
    // (close 274): span A = (270 + 261.5) / 2 = 265.75, span B = (275 + 222) / 2 = 248.5.
    expect(readings.ichimoku).toEqual({
      conversion: 296,
      base: 287.5,
      leadA: 265.75,
      leadB: 248.5,
    });
  });
});

describe('indicator readings against the Pine definitions, on five years of bars', () => {
  // Unrounded prices: on cent prices, a bar whose up and down moves are exactly equal counts
  // for both +DM and -DM in trading-signals and for neither in Pine; see indicator-readings.ts.
  const bars = randomWalkBars({ count: 1260, seed: 42, drift: 0.0003, cents: false });
  const close = bars.map((bar) => bar.close);
  const high = bars.map((bar) => bar.high);
  const low = bars.map((bar) => bar.low);
  const readings = readIndicators(bars);
  const { at } = reference;

  /** Relative closeness: window indicators match exactly, smoothed ones once converged. */
  const expectNear = (actual: number | null, expected: number, relative = 1e-9) => {
    expect(actual).not.toBeNull();
    expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(
      relative * Math.max(1, Math.abs(expected)),
    );
  };

  it('simple, weighted and volume-weighted averages match exactly', () => {
    for (const length of [10, 20, 30, 50, 100, 200] as const) {
      expectNear(readings.sma[length], at(reference.sma(close, length)));
    }
    expectNear(readings.hull9, at(reference.hma(close, 9)));
    expectNear(readings.vwma20, at(reference.vwma(bars, 20)));
  });

  it('exponential averages match once their different seeds have faded', () => {
    // Pine seeds an EMA with an SMA, trading-signals with the first close; after 1,260 bars
    // the difference weighs (1 - 2 / 201)^1060 at most.
    for (const length of [10, 20, 30, 50] as const) {
      expectNear(readings.ema[length], at(reference.ema(close, length)), 1e-9);
    }
    expectNear(readings.ema[100], at(reference.ema(close, 100)), 1e-6);
    expectNear(readings.ema[200], at(reference.ema(close, 200)), 1e-4);
  });

  it('RSI, Stochastic, Stochastic RSI, CCI and Williams %R match', () => {
    const rsi = reference.rsi(close, 14);
    expectNear(readings.rsi14.now, at(rsi), 1e-9);
    expectNear(readings.rsi14.prev, at(rsi, 1), 1e-9);
    const fastK = reference.stoch(close, high, low, 14);
    const k = reference.sma(fastK.slice(13), 3);
    const d = reference.sma(k.slice(2), 3);
    expectNear(readings.stochastic.k, at(k));
    expectNear(readings.stochastic.d.now, at(d));
    expectNear(readings.stochastic.d.prev, at(d, 1));
    const stochRsi = reference.stochRsi(close, 14, 14, 3, 3);
    expectNear(readings.stochasticRsi.k, at(stochRsi.k), 1e-7);
    expectNear(readings.stochasticRsi.d, at(stochRsi.d), 1e-7);
    const cci = reference.cci(close, 20);
    expectNear(readings.cci20.now, at(cci));
    expectNear(readings.cci20.prev, at(cci, 1));
    const wpr = reference.wpr(bars, 14);
    expectNear(readings.williamsR14.now, at(wpr));
    expectNear(readings.williamsR14.prev, at(wpr, 1));
  });

  it('ADX with +DI and -DI match Wilder’s smoothing', () => {
    const { plus, minus, adx } = reference.dmi(bars, 14, 14);
    expectNear(readings.adx14.adx.now, at(adx), 1e-8);
    expectNear(readings.adx14.adx.prev, at(adx, 1), 1e-8);
    expectNear(readings.adx14.plusDi, at(plus), 1e-8);
    expectNear(readings.adx14.minusDi, at(minus), 1e-8);
  });

  it('Awesome Oscillator, Momentum, MACD, Bull/Bear Power and Ultimate Oscillator match', () => {
    const ao = reference.ao(bars);
    expectNear(readings.awesome.now, at(ao));
    expectNear(readings.awesome.prev, at(ao, 1));
    expectNear(readings.awesome.prev2, at(ao, 2));
    const mom = reference.mom(close, 10);
    expectNear(readings.momentum10.now, at(mom));
    expectNear(readings.momentum10.prev, at(mom, 1));
    const macd = reference.macd(close, 12, 26, 9);
    expectNear(readings.macd.macd, at(macd.line), 1e-9);
    expectNear(readings.macd.signal, at(macd.signal), 1e-9);
    const ema13 = reference.ema(close, 13);
    expectNear(readings.bullPower.now, at(high) - at(ema13), 1e-9);
    expectNear(readings.bearPower.prev, at(low, 1) - at(ema13, 1), 1e-9);
    expectNear(readings.trendEma50, at(reference.ema(close, 50)), 1e-9);
    expectNear(readings.ultimate, at(reference.uo(bars, 7, 14, 28)));
  });

  it('Ichimoku compares against the leading spans of 26 bars ago', () => {
    const cloud = reference.ichimoku(bars);
    expectNear(readings.ichimoku?.conversion ?? null, at(cloud.conversion));
    expectNear(readings.ichimoku?.base ?? null, at(cloud.base));
    expectNear(readings.ichimoku?.leadA ?? null, at(cloud.leadA, 26));
    expectNear(readings.ichimoku?.leadB ?? null, at(cloud.leadB, 26));
  });
});

describe('indicator readings on a short history', () => {
  it('leave an indicator empty until it has enough bars', () => {
    const readings = readIndicators(randomWalkBars({ count: 40, seed: 3 }));
    expect(readings.sma[30]).not.toBeNull();
    expect(readings.sma[50]).toBeNull();
    expect(readings.ema[200]).toBeNull();
    expect(readings.ichimoku).toBeNull();
    expect(readings.trendEma50).toBeNull();
    expect(readings.rsi14.now).not.toBeNull();
    expect(readings.ultimate).not.toBeNull();
  });

  it('leave the volume-weighted average empty when the source reports no volume', () => {
    const readings = readIndicators(randomWalkBars({ count: 60, seed: 5, volume: 0 }));
    expect(readings.vwma20).toBeNull();
    expect(readings.sma[20]).not.toBeNull();
  });
});
