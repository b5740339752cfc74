import {
  type DailyBar,
  type GroupRating,
  ratingLabelOf,
  type TechnicalRating,
  type Vote,
  type VoteGroup,
} from '@tickerwise/shared';
import {
  type IndicatorReadings,
  movingAverageLengths,
  readIndicators,
} from './indicator-readings.ts';
import {
  adxRule,
  awesomeRule,
  bullBearPowerRule,
  cciRule,
  ichimokuRule,
  macdRule,
  momentumRule,
  movingAverageRule,
  type RuleOutcome,
  rsiRule,
  ruleText,
  stochasticRsiRule,
  stochasticRule,
  ultimateRule,
  williamsRRule,
} from './rating-rules.ts';

const vote = (
  key: string,
  name: string,
  group: VoteGroup,
  rule: string,
  outcome: RuleOutcome,
): Vote => ({ key, name, group, rule, ...outcome });

/** The 15 moving-average votes, in TradingView's order. */
function movingAverageVotes(readings: IndicatorReadings): Vote[] {
  const { close } = readings;
  const simple = movingAverageLengths.map((length) =>
    vote(
      `sma${length}`,
      `Simple Moving Average (${length})`,
      'movingAverages',
      ruleText.movingAverage,
      movingAverageRule(readings.sma[length], close),
    ),
  );
  const exponential = movingAverageLengths.map((length) =>
    vote(
      `ema${length}`,
      `Exponential Moving Average (${length})`,
      'movingAverages',
      ruleText.movingAverage,
      movingAverageRule(readings.ema[length], close),
    ),
  );
  return [
    ...simple,
    ...exponential,
    vote(
      'hull9',
      'Hull Moving Average (9)',
      'movingAverages',
      ruleText.movingAverage,
      movingAverageRule(readings.hull9, close),
    ),
    vote(
      'vwma20',
      'Volume Weighted Moving Average (20)',
      'movingAverages',
      ruleText.movingAverage,
      movingAverageRule(readings.vwma20, close),
    ),
    vote(
      'ichimoku',
      'Ichimoku Base Line (9, 26, 52, 26)',
      'movingAverages',
      ruleText.ichimoku,
      ichimokuRule(readings.ichimoku, close),
    ),
  ];
}

/** The 11 oscillator votes, in TradingView's order. */
function oscillatorVotes(readings: IndicatorReadings): Vote[] {
  const { close, trendEma50 } = readings;
  return [
    vote(
      'rsi14',
      'Relative Strength Index (14)',
      'oscillators',
      ruleText.rsi,
      rsiRule(readings.rsi14),
    ),
    vote(
      'stochastic',
      'Stochastic %K (14, 3, 3)',
      'oscillators',
      ruleText.stochastic,
      stochasticRule(readings.stochastic.k, readings.stochastic.d),
    ),
    vote(
      'cci20',
      'Commodity Channel Index (20)',
      'oscillators',
      ruleText.cci,
      cciRule(readings.cci20),
    ),
    vote(
      'adx14',
      'Average Directional Index (14)',
      'oscillators',
      ruleText.adx,
      adxRule(readings.adx14.adx, readings.adx14.plusDi, readings.adx14.minusDi),
    ),
    vote(
      'awesome',
      'Awesome Oscillator',
      'oscillators',
      ruleText.awesome,
      awesomeRule(readings.awesome),
    ),
    vote(
      'momentum10',
      'Momentum (10)',
      'oscillators',
      ruleText.momentum,
      momentumRule(readings.momentum10),
    ),
    vote(
      'macd',
      'MACD Level (12, 26)',
      'oscillators',
      ruleText.macd,
      macdRule(readings.macd.macd, readings.macd.signal),
    ),
    vote(
      'stochasticRsi',
      'Stochastic RSI Fast (3, 3, 14, 14)',
      'oscillators',
      ruleText.stochasticRsi,
      stochasticRsiRule(readings.stochasticRsi.k, readings.stochasticRsi.d, close, trendEma50),
    ),
    vote(
      'williamsR14',
      'Williams Percent Range (14)',
      'oscillators',
      ruleText.williamsR,
      williamsRRule(readings.williamsR14),
    ),
    vote(
      'bullBearPower',
      'Bull Bear Power',
      'oscillators',
      ruleText.bullBearPower,
      bullBearPowerRule(readings.bullPower, readings.bearPower, close, trendEma50),
    ),
    vote(
      'ultimate',
      'Ultimate Oscillator (7, 14, 28)',
      'oscillators',
      ruleText.ultimate,
      ultimateRule(readings.ultimate),
    ),
  ];
}

/** The mean of the available votes, as TradingView's `array.avg` skips `na`. */
export function rateGroup(votes: readonly Vote[]): GroupRating {
  let buy = 0;
  let neutral = 0;
  let sell = 0;
  let unavailable = 0;
  for (const { vote } of votes) {
    if (vote === null) unavailable += 1;
    else if (vote === 1) buy += 1;
    else if (vote === -1) sell += 1;
    else neutral += 1;
  }
  const counted = buy + neutral + sell;
  const score = counted === 0 ? null : (buy - sell) / counted;
  return {
    score,
    label: score === null ? null : ratingLabelOf(score),
    buy,
    neutral,
    sell,
    unavailable,
  };
}

/** The overall rating: the mean of both groups, or the one group that has votes. */
function overallScore(movingAverages: GroupRating, oscillators: GroupRating): number | null {
  const scores = [movingAverages.score, oscillators.score].filter(
    (score): score is number => score !== null,
  );
  if (scores.length === 0) return null;
  return scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

/** Rates a symbol from its daily bars, oldest first, as of the last bar. */
export function rateTechnicals(bars: readonly DailyBar[]): TechnicalRating {
  const readings = readIndicators(bars);
  const maVotes = movingAverageVotes(readings);
  const oscVotes = oscillatorVotes(readings);
  const movingAverages = rateGroup(maVotes);
  const oscillators = rateGroup(oscVotes);
  const score = overallScore(movingAverages, oscillators);
  const last = bars.at(-1) as DailyBar;
  return {
    overall: { score, label: score === null ? null : ratingLabelOf(score) },
    movingAverages,
    oscillators,
    votes: [...maVotes, ...oscVotes],
    close: last.close,
    date: last.date,
  };
}
