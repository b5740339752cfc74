import { describe, expect, it } from 'vitest';
import type { Recent } from './indicator-readings.ts';
import {
  adxRule,
  awesomeRule,
  bullBearPowerRule,
  cciRule,
  ichimokuRule,
  macdRule,
  momentumRule,
  movingAverageRule,
  rsiRule,
  stochasticRsiRule,
  stochasticRule,
  ultimateRule,
  williamsRRule,
} from './rating-rules.ts';

/** Each vote rule of TradingView's Technical Ratings v3, on readings chosen by hand. */

const recent = (
  now: number | null,
  prev: number | null = null,
  prev2: number | null = null,
): Recent => ({
  now,
  prev,
  prev2,
});

describe('moving-average votes', () => {
  it('buy below the close, sell above it, neutral on it, none without a value', () => {
    expect(movingAverageRule(95, 100).vote).toBe(1);
    expect(movingAverageRule(105, 100).vote).toBe(-1);
    expect(movingAverageRule(100, 100).vote).toBe(0);
    expect(movingAverageRule(null, 100).vote).toBeNull();
  });

  it('show the average beside the vote', () => {
    expect(movingAverageRule(95, 100).readings).toEqual([{ label: 'Value', value: 95 }]);
  });
});

describe('Ichimoku vote', () => {
  const bullish = { leadA: 90, leadB: 85, base: 95, conversion: 98 };
  it('buys when span A > span B, base > span A, conversion > base and close > conversion', () => {
    expect(ichimokuRule(bullish, 100).vote).toBe(1);
  });
  it('stays neutral when any one condition fails', () => {
    expect(ichimokuRule(bullish, 97).vote).toBe(0);
    expect(ichimokuRule({ ...bullish, leadB: 91 }, 100).vote).toBe(0);
    expect(ichimokuRule({ ...bullish, base: 89 }, 100).vote).toBe(0);
    expect(ichimokuRule({ ...bullish, conversion: 94 }, 100).vote).toBe(0);
  });
  it('sells on the mirror image', () => {
    expect(ichimokuRule({ leadA: 110, leadB: 115, base: 105, conversion: 102 }, 100).vote).toBe(-1);
  });
  it('has no vote before the cloud exists', () => {
    expect(ichimokuRule(null, 100).vote).toBeNull();
  });
});

describe('RSI vote', () => {
  it('buys below 30 when rising and sells above 70 when falling', () => {
    expect(rsiRule(recent(25, 22)).vote).toBe(1);
    expect(rsiRule(recent(75, 78)).vote).toBe(-1);
  });
  it('is neutral when oversold but still falling, or overbought but still rising', () => {
    expect(rsiRule(recent(25, 27)).vote).toBe(0);
    expect(rsiRule(recent(75, 72)).vote).toBe(0);
    expect(rsiRule(recent(50, 40)).vote).toBe(0);
  });
  it('needs the previous value', () => {
    expect(rsiRule(recent(25, null)).vote).toBeNull();
  });
});

describe('Stochastic vote', () => {
  it('buys when %K and %D are below 20 and %K is above %D', () => {
    expect(stochasticRule(15, recent(12, 10)).vote).toBe(1);
    expect(stochasticRule(15, recent(21, 10)).vote).toBe(0);
    expect(stochasticRule(11, recent(12, 10)).vote).toBe(0);
  });
  it('sells when both are above 80 and %K is below %D', () => {
    expect(stochasticRule(85, recent(88, 90)).vote).toBe(-1);
    expect(stochasticRule(89, recent(88, 90)).vote).toBe(0);
  });
  it('needs the previous %D', () => {
    expect(stochasticRule(15, recent(12, null)).vote).toBeNull();
  });
});

describe('CCI vote', () => {
  it('buys below -100 when rising and sells above 100 when falling', () => {
    expect(cciRule(recent(-120, -150)).vote).toBe(1);
    expect(cciRule(recent(-120, -110)).vote).toBe(0);
    expect(cciRule(recent(130, 150)).vote).toBe(-1);
    expect(cciRule(recent(130, 120)).vote).toBe(0);
  });
});

describe('ADX vote', () => {
  it('follows the directional lines when ADX is above 20 and rising', () => {
    expect(adxRule(recent(25, 23), 30, 20).vote).toBe(1);
    expect(adxRule(recent(25, 23), 18, 26).vote).toBe(-1);
  });
  it('is neutral when the trend is weak or weakening', () => {
    expect(adxRule(recent(18, 16), 30, 20).vote).toBe(0);
    expect(adxRule(recent(25, 27), 30, 20).vote).toBe(0);
  });
  it('shows ADX, its previous value, +DI and -DI', () => {
    expect(adxRule(recent(25, 23), 30, 20).readings.map((reading) => reading.value)).toEqual([
      25, 23, 30, 20,
    ]);
  });
});

describe('Awesome Oscillator vote', () => {
  it('buys on a cross above zero or a saucer above zero', () => {
    expect(awesomeRule(recent(0.5, -0.2, -0.4)).vote).toBe(1);
    // Saucer: above zero, dipped on the previous bar and turned up.
    expect(awesomeRule(recent(2, 1, 1.5)).vote).toBe(1);
  });
  it('sells on a cross below zero or a saucer below zero', () => {
    expect(awesomeRule(recent(-0.5, 0.2, 0.4)).vote).toBe(-1);
    expect(awesomeRule(recent(-2, -1, -1.5)).vote).toBe(-1);
  });
  it('is neutral while it keeps rising or falling on one side of zero', () => {
    expect(awesomeRule(recent(2, 1.5, 1)).vote).toBe(0);
    expect(awesomeRule(recent(-2, -1.5, -1)).vote).toBe(0);
  });
});

describe('Momentum vote', () => {
  it('buys when rising, sells when falling', () => {
    expect(momentumRule(recent(5, 3)).vote).toBe(1);
    expect(momentumRule(recent(-5, -3)).vote).toBe(-1);
    expect(momentumRule(recent(4, 4)).vote).toBe(0);
  });
});

describe('MACD vote', () => {
  it('buys above the signal line and sells below it', () => {
    expect(macdRule(1.5, 1.2).vote).toBe(1);
    expect(macdRule(-0.4, -0.3).vote).toBe(-1);
    expect(macdRule(1, 1).vote).toBe(0);
    expect(macdRule(1, null).vote).toBeNull();
  });
});

describe('Stochastic RSI vote', () => {
  it('buys oversold crossings only in a downtrend', () => {
    expect(stochasticRsiRule(15, 10, 95, 100).vote).toBe(1);
    expect(stochasticRsiRule(15, 10, 105, 100).vote).toBe(0);
  });
  it('sells overbought crossings only in an uptrend', () => {
    expect(stochasticRsiRule(85, 90, 105, 100).vote).toBe(-1);
    expect(stochasticRsiRule(85, 90, 95, 100).vote).toBe(0);
  });
  it('needs the EMA 50 trend', () => {
    expect(stochasticRsiRule(15, 10, 95, null).vote).toBeNull();
  });
});

describe('Williams %R vote', () => {
  it('buys below -80 when rising and sells above -20 when falling', () => {
    expect(williamsRRule(recent(-85, -90)).vote).toBe(1);
    expect(williamsRRule(recent(-85, -82)).vote).toBe(0);
    expect(williamsRRule(recent(-15, -10)).vote).toBe(-1);
    expect(williamsRRule(recent(-15, -18)).vote).toBe(0);
  });
});

describe('Bull/Bear Power vote', () => {
  it('buys in an uptrend when bear power is negative and rising', () => {
    expect(bullBearPowerRule(recent(3, 2), recent(-1, -2), 105, 100).vote).toBe(1);
    expect(bullBearPowerRule(recent(3, 2), recent(-1, -2), 95, 100).vote).toBe(0);
    expect(bullBearPowerRule(recent(3, 2), recent(-2, -1), 105, 100).vote).toBe(0);
  });
  it('sells in a downtrend when bull power is positive and falling', () => {
    expect(bullBearPowerRule(recent(1, 2), recent(-3, -2), 95, 100).vote).toBe(-1);
    expect(bullBearPowerRule(recent(2, 1), recent(-3, -2), 95, 100).vote).toBe(0);
  });
  it('shows the sum TradingView plots first', () => {
    expect(bullBearPowerRule(recent(3, 2), recent(-1, -2), 105, 100).readings[0]).toEqual({
      label: 'Bull Bear Power',
      value: 2,
    });
  });
});

describe('Ultimate Oscillator vote', () => {
  it('buys above 70 and sells below 30', () => {
    expect(ultimateRule(72).vote).toBe(1);
    expect(ultimateRule(25).vote).toBe(-1);
    expect(ultimateRule(50).vote).toBe(0);
    expect(ultimateRule(null).vote).toBeNull();
  });
});
