import type { DailyBar, Vote } from '@tickerwise/shared';
import { ratingLabelOf } from '@tickerwise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomWalkBars, weekdays } from '../../../test/daily-bars.ts';
import { rateGroup, rateTechnicals } from './technical-rating.ts';

const votesOf = (votes: Vote[]) => Object.fromEntries(votes.map((vote) => [vote.key, vote.vote]));

describe('the technical rating', () => {
  it('has TradingView’s 15 moving-average and 11 oscillator votes, in its order', () => {
    const rating = rateTechnicals(randomWalkBars({ count: 300, seed: 1 }));
    expect(rating.votes.map((vote) => vote.name)).toEqual([
      'Simple Moving Average (10)',
      'Simple Moving Average (20)',
      'Simple Moving Average (30)',
      'Simple Moving Average (50)',
      'Simple Moving Average (100)',
      'Simple Moving Average (200)',
      'Exponential Moving Average (10)',
      'Exponential Moving Average (20)',
      'Exponential Moving Average (30)',
      'Exponential Moving Average (50)',
      'Exponential Moving Average (100)',
      'Exponential Moving Average (200)',
      'Hull Moving Average (9)',
      'Volume Weighted Moving Average (20)',
      'Ichimoku Base Line (9, 26, 52, 26)',
      'Relative Strength Index (14)',
      'Stochastic %K (14, 3, 3)',
      'Commodity Channel Index (20)',
      'Average Directional Index (14)',
      'Awesome Oscillator',
      'Momentum (10)',
      'MACD Level (12, 26)',
      'Stochastic RSI Fast (3, 3, 14, 14)',
      'Williams Percent Range (14)',
      'Bull Bear Power',
      'Ultimate Oscillator (7, 14, 28)',
    ]);
    expect(rating.votes.filter((vote) => vote.group === 'movingAverages')).toHaveLength(15);
    for (const vote of rating.votes) {
      expect(vote.readings.length).toBeGreaterThan(0);
      expect(vote.rule.length).toBeGreaterThan(20);
    }
  });

  // Each vote below was checked by hand against the readings the rating printed (close 118.37
  // on 2024-11-01; for example SMA 10 at 120.61 is above the close: sell; ADX 39.42 is above
  // 20 but below its previous 40.03: neutral; MACD 4.3665 under its signal 4.4198: sell).
  // The readings themselves are checked in indicator-readings.test.ts.
  it('rates a known five-year series as worked out by hand', () => {
    const rating = rateTechnicals(randomWalkBars({ count: 1260, seed: 42, drift: 0.0003 }));
    expect(rating.close).toBe(118.37);
    expect(votesOf(rating.votes)).toEqual({
      sma10: -1,
      sma20: 1,
      sma30: 1,
      sma50: 1,
      sma100: 1,
      sma200: 1,
      ema10: -1,
      ema20: 1,
      ema30: 1,
      ema50: 1,
      ema100: 1,
      ema200: 1,
      hull9: -1,
      vwma20: 1,
      ichimoku: 0,
      rsi14: 0,
      stochastic: 0,
      cci20: 0,
      adx14: 0,
      awesome: 0,
      momentum10: -1,
      macd: -1,
      stochasticRsi: 0,
      williamsR14: 0,
      bullBearPower: 0,
      ultimate: 0,
    });
    // Moving averages: 11 buy, 3 sell of 15 = 8/15; oscillators: 2 sell of 11 = -2/11.
    expect(rating.movingAverages).toMatchObject({
      buy: 11,
      neutral: 1,
      sell: 3,
      label: 'strong_buy',
    });
    expect(rating.movingAverages.score).toBeCloseTo(8 / 15, 12);
    expect(rating.oscillators).toMatchObject({ buy: 0, neutral: 9, sell: 2, label: 'sell' });
    expect(rating.oscillators.score).toBeCloseTo(-2 / 11, 12);
    expect(rating.overall.score).toBeCloseTo((8 / 15 - 2 / 11) / 2, 12);
    expect(rating.overall.label).toBe('buy');
  });

  it('rates a second known series, a falling one, as worked out by hand', () => {
    // Close 82.06: only the 100- and 200-bar averages sit below it; Stochastic %K 10.52 is
    // under 20 but below %D 15.32, so no buy; momentum and MACD fall.
    const rating = rateTechnicals(randomWalkBars({ count: 1260, seed: 7, drift: 0.0003 }));
    expect(rating.close).toBe(82.06);
    expect(rating.movingAverages).toMatchObject({ buy: 4, neutral: 1, sell: 10, label: 'sell' });
    expect(rating.oscillators).toMatchObject({ buy: 0, neutral: 9, sell: 2, label: 'sell' });
    expect(rating.overall.score).toBeCloseTo((-6 / 15 - 2 / 11) / 2, 12);
    expect(rating.overall.label).toBe('sell');
  });

  it('rates with the votes it has when the history is short, and says which are missing', () => {
    const rating = rateTechnicals(randomWalkBars({ count: 60, seed: 9 }));
    expect(rating.movingAverages.unavailable).toBe(5); // SMA/EMA 100 and 200, Ichimoku
    expect(rating.oscillators.unavailable).toBe(0);
    expect(rating.overall.score).not.toBeNull();
  });

  it('has no rating from a single bar', () => {
    const [bar] = randomWalkBars({ count: 1, seed: 2 });
    const rating = rateTechnicals([bar as DailyBar]);
    expect(rating.overall).toEqual({ score: null, label: null });
    expect(rating.votes.every((vote) => vote.vote === null)).toBe(true);
  });
});

describe('group ratings and labels', () => {
  const vote = (value: Vote['vote']): Vote => ({
    key: 'x',
    name: 'x',
    group: 'oscillators',
    vote: value,
    readings: [],
    rule: '',
  });

  it('average the available votes and count the missing ones', () => {
    expect(rateGroup([vote(1), vote(1), vote(-1), vote(0), vote(null)])).toEqual({
      score: 0.25,
      label: 'buy',
      buy: 2,
      neutral: 1,
      sell: 1,
      unavailable: 1,
    });
    expect(rateGroup([vote(null)])).toMatchObject({ score: null, label: null });
  });

  it('use TradingView’s bounds: strong beyond 0.5, neutral from -0.1 to 0.1', () => {
    expect(ratingLabelOf(-0.51)).toBe('strong_sell');
    expect(ratingLabelOf(-0.5)).toBe('sell');
    expect(ratingLabelOf(-0.11)).toBe('sell');
    expect(ratingLabelOf(-0.1)).toBe('neutral');
    expect(ratingLabelOf(0.1)).toBe('neutral');
    expect(ratingLabelOf(0.11)).toBe('buy');
    expect(ratingLabelOf(0.5)).toBe('buy');
    expect(ratingLabelOf(0.51)).toBe('strong_buy');
  });
});

/**
 * A steady trend: every close moves the same way by `rate` give or take a quarter of it, and
 * each bar's high and low sit a random 0.1 % to 2 % from the close.
 */
const steadyTrend = (direction: 1 | -1) =>
  fc
    .record({
      start: fc.double({ min: 5, max: 2000, noNaN: true }),
      rate: fc.double({ min: 0.001, max: 0.01, noNaN: true }),
      steps: fc.array(
        fc.record({
          wobble: fc.double({ min: -0.25, max: 0.25, noNaN: true }),
          up: fc.double({ min: 0.001, max: 0.02, noNaN: true }),
          down: fc.double({ min: 0.001, max: 0.02, noNaN: true }),
          volume: fc.integer({ min: 1_000, max: 50_000_000 }),
        }),
        { minLength: 260, maxLength: 600 },
      ),
    })
    .map(({ start, rate, steps }): DailyBar[] => {
      const dates = weekdays('2021-01-04', steps.length);
      let close = start;
      return steps.map((step, index) => {
        const open = close;
        close = close * (1 + direction * rate * (1 + step.wobble));
        return {
          date: dates[index] as string,
          open,
          high: Math.max(open, close) * (1 + step.up),
          low: Math.min(open, close) * (1 - step.down),
          close,
          volume: step.volume,
        };
      });
    });

describe('the rating of steady trends', () => {
  it('rates a steadily rising series Buy or Strong Buy', () => {
    fc.assert(
      fc.property(steadyTrend(1), (bars) => {
        expect(['buy', 'strong_buy']).toContain(rateTechnicals(bars).overall.label);
      }),
      { numRuns: 60 },
    );
  });

  it('rates a steadily falling series Sell or Strong Sell', () => {
    fc.assert(
      fc.property(steadyTrend(-1), (bars) => {
        expect(['sell', 'strong_sell']).toContain(rateTechnicals(bars).overall.label);
      }),
      { numRuns: 60 },
    );
  });
});
