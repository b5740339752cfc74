import type { IndicatorReading, VoteValue } from '@tickerwise/shared';
import type { IchimokuReading, Recent } from './indicator-readings.ts';

/**
 * TradingView's Technical Ratings vote rules, version 3: the conditions of `calcRatingAll()`
 * in TradingView's open-source Pine library "TechnicalRating" (v3, 2024-11-29, MPL 2.0), as
 * its help article "Technical Ratings" describes them. Each rule votes 1 (buy), -1 (sell) or
 * 0 (neutral), and null where TradingView's rule is `na` (the history is too short). A
 * comparison with a missing value is false, as in Pine.
 */

export interface RuleOutcome {
  vote: VoteValue;
  readings: IndicatorReading[];
}

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function decide(available: boolean, buy: boolean, sell: boolean): VoteValue {
  if (!available) return null;
  if (buy) return 1;
  if (sell) return -1;
  return 0;
}

/** `a > b` and `a < b` where a missing side makes the comparison false. */
const above = (a: number | null, b: number | null) => known(a) && known(b) && a > b;
const below = (a: number | null, b: number | null) => known(a) && known(b) && a < b;

export const ruleText = {
  movingAverage: 'Buy when the close is above the average, sell when below.',
  ichimoku:
    'Buy when leading span A is above span B (26 bars ago), the base line above span A, the conversion line above the base line and the close above the conversion line; sell on the mirror image.',
  rsi: 'Buy when RSI is below 30 and rising, sell when above 70 and falling.',
  stochastic:
    'Buy when %K and %D are below 20 and %K is above %D, sell when both are above 80 and %K is below %D.',
  cci: 'Buy when CCI is below -100 and rising, sell when above 100 and falling.',
  adx: 'With ADX above 20 and rising: buy when +DI is above -DI, sell when below.',
  awesome:
    'Buy when AO crosses above zero or forms a saucer above zero, sell when it crosses below zero or forms a saucer below zero.',
  momentum: 'Buy when momentum is rising, sell when falling.',
  macd: 'Buy when the MACD line is above its signal line, sell when below.',
  stochasticRsi:
    'In a downtrend (close below EMA 50), buy when %K and %D are below 20 and %K is above %D; in an uptrend, sell when both are above 80 and %K is below %D.',
  williamsR: 'Buy when %R is below -80 and rising, sell when above -20 and falling.',
  bullBearPower:
    'In an uptrend (close above EMA 50), buy when bear power is below zero and rising; in a downtrend, sell when bull power is above zero and falling.',
  ultimate: 'Buy when the Ultimate Oscillator is above 70, sell when below 30.',
} as const;

export function movingAverageRule(average: number | null, close: number): RuleOutcome {
  return {
    vote: known(average) ? (Math.sign(close - average) as VoteValue) : null,
    readings: [{ label: 'Value', value: average }],
  };
}

export function ichimokuRule(cloud: IchimokuReading | null, close: number): RuleOutcome {
  const readings: IndicatorReading[] = [
    { label: 'Base line', value: cloud?.base ?? null },
    { label: 'Conversion line', value: cloud?.conversion ?? null },
    { label: 'Leading span A', value: cloud?.leadA ?? null },
    { label: 'Leading span B', value: cloud?.leadB ?? null },
  ];
  if (!cloud) return { vote: null, readings };
  const { conversion, base, leadA, leadB } = cloud;
  return {
    vote: decide(
      true,
      leadA > leadB && base > leadA && conversion > base && close > conversion,
      leadA < leadB && base < leadA && conversion < base && close < conversion,
    ),
    readings,
  };
}

export function rsiRule(rsi: Recent): RuleOutcome {
  return {
    vote: decide(
      known(rsi.prev),
      below(rsi.now, 30) && below(rsi.prev, rsi.now),
      above(rsi.now, 70) && above(rsi.prev, rsi.now),
    ),
    readings: [
      { label: 'RSI', value: rsi.now },
      { label: 'Previous RSI', value: rsi.prev },
    ],
  };
}

export function stochasticRule(k: number | null, d: Recent): RuleOutcome {
  return {
    vote: decide(
      known(d.prev),
      below(k, 20) && below(d.now, 20) && above(k, d.now),
      above(k, 80) && above(d.now, 80) && below(k, d.now),
    ),
    readings: [
      { label: '%K', value: k },
      { label: '%D', value: d.now },
    ],
  };
}

export function cciRule(cci: Recent): RuleOutcome {
  return {
    vote: decide(
      known(cci.prev),
      below(cci.now, -100) && above(cci.now, cci.prev),
      above(cci.now, 100) && below(cci.now, cci.prev),
    ),
    readings: [
      { label: 'CCI', value: cci.now },
      { label: 'Previous CCI', value: cci.prev },
    ],
  };
}

export function adxRule(adx: Recent, plusDi: number | null, minusDi: number | null): RuleOutcome {
  const strengthening = above(adx.now, 20) && above(adx.now, adx.prev);
  return {
    vote: decide(
      known(adx.now),
      strengthening && above(plusDi, minusDi),
      strengthening && below(plusDi, minusDi),
    ),
    readings: [
      { label: 'ADX', value: adx.now },
      { label: 'Previous ADX', value: adx.prev },
      { label: '+DI', value: plusDi },
      { label: '-DI', value: minusDi },
    ],
  };
}

export function awesomeRule(ao: Recent): RuleOutcome {
  const { now, prev, prev2 } = ao;
  // Pine's ta.crossover(ao, 0): above zero now, below zero on the bar before.
  const crossedUp = above(now, 0) && below(prev, 0);
  const crossedDown = below(now, 0) && above(prev, 0);
  const saucerAbove = above(now, 0) && above(prev, 0) && above(now, prev) && above(prev2, prev);
  const saucerBelow = below(now, 0) && below(prev, 0) && below(now, prev) && below(prev2, prev);
  return {
    vote: decide(known(prev), crossedUp || saucerAbove, crossedDown || saucerBelow),
    readings: [
      { label: 'AO', value: now },
      { label: 'Previous AO', value: prev },
      { label: 'AO two bars ago', value: prev2 },
    ],
  };
}

export function momentumRule(momentum: Recent): RuleOutcome {
  return {
    vote: decide(
      known(momentum.prev),
      above(momentum.now, momentum.prev),
      below(momentum.now, momentum.prev),
    ),
    readings: [
      { label: 'Momentum', value: momentum.now },
      { label: 'Previous momentum', value: momentum.prev },
    ],
  };
}

export function macdRule(macd: number | null, signal: number | null): RuleOutcome {
  return {
    vote: decide(known(signal), above(macd, signal), below(macd, signal)),
    readings: [
      { label: 'MACD', value: macd },
      { label: 'Signal', value: signal },
    ],
  };
}

export function stochasticRsiRule(
  k: number | null,
  d: number | null,
  close: number,
  trendEma50: number | null,
): RuleOutcome {
  const downTrend = below(close, trendEma50);
  const upTrend = above(close, trendEma50);
  return {
    vote: decide(
      known(trendEma50),
      downTrend && below(k, 20) && below(d, 20) && above(k, d),
      upTrend && above(k, 80) && above(d, 80) && below(k, d),
    ),
    readings: [
      { label: '%K', value: k },
      { label: '%D', value: d },
      { label: 'EMA 50', value: trendEma50 },
    ],
  };
}

export function williamsRRule(williamsR: Recent): RuleOutcome {
  return {
    vote: decide(
      known(williamsR.prev),
      below(williamsR.now, -80) && above(williamsR.now, williamsR.prev),
      above(williamsR.now, -20) && below(williamsR.now, williamsR.prev),
    ),
    readings: [
      { label: '%R', value: williamsR.now },
      { label: 'Previous %R', value: williamsR.prev },
    ],
  };
}

export function bullBearPowerRule(
  bull: Recent,
  bear: Recent,
  close: number,
  trendEma50: number | null,
): RuleOutcome {
  const upTrend = above(close, trendEma50);
  const downTrend = below(close, trendEma50);
  const sum = known(bull.now) && known(bear.now) ? bull.now + bear.now : null;
  return {
    vote: decide(
      known(trendEma50),
      upTrend && below(bear.now, 0) && above(bear.now, bear.prev),
      downTrend && above(bull.now, 0) && below(bull.now, bull.prev),
    ),
    readings: [
      { label: 'Bull Bear Power', value: sum },
      { label: 'Bull power', value: bull.now },
      { label: 'Previous bull power', value: bull.prev },
      { label: 'Bear power', value: bear.now },
      { label: 'Previous bear power', value: bear.prev },
      { label: 'EMA 50', value: trendEma50 },
    ],
  };
}

export function ultimateRule(ultimate: number | null): RuleOutcome {
  return {
    vote: decide(known(ultimate), above(ultimate, 70), below(ultimate, 30)),
    readings: [{ label: 'UO', value: ultimate }],
  };
}
