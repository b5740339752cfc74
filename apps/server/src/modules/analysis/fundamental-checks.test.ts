import type { FundamentalCheck, KeyMetrics } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { runFundamentalChecks } from './fundamental-checks.ts';

const none: KeyMetrics = {
  marketCap: null,
  peRatio: null,
  pbRatio: null,
  psRatio: null,
  eps: null,
  dividendYieldPercent: null,
  payoutRatioPercent: null,
  beta: null,
  yearHigh: null,
  yearLow: null,
  grossMarginPercent: null,
  operatingMarginPercent: null,
  netMarginPercent: null,
  roePercent: null,
  revenueGrowthPercent: null,
  epsGrowthPercent: null,
  revenueGrowth5yPercent: null,
  debtToEquity: null,
  currentRatio: null,
};

const strong: KeyMetrics = {
  ...none,
  peRatio: 18.2,
  pbRatio: 2.4,
  psRatio: 3.1,
  revenueGrowthPercent: 9.5,
  epsGrowthPercent: 12,
  revenueGrowth5yPercent: 7.25,
  grossMarginPercent: 55,
  operatingMarginPercent: 22,
  netMarginPercent: 14,
  roePercent: 19,
  debtToEquity: 0.45,
  currentRatio: 1.6,
  dividendYieldPercent: 2.6,
  payoutRatioPercent: 40,
};

const byKey = (checks: FundamentalCheck[]) =>
  Object.fromEntries(checks.map((check) => [check.key, check]));

describe('the fundamentals checklist', () => {
  it('checks five areas, each check with its threshold', () => {
    const checks = runFundamentalChecks(strong);
    expect([...new Set(checks.map((check) => check.area))]).toEqual([
      'value',
      'growth',
      'profitability',
      'health',
      'dividend',
    ]);
    expect(checks.map((check) => [check.key, check.threshold])).toEqual([
      ['pe', 'between 0 and 25'],
      ['pb', 'between 0 and 3'],
      ['ps', 'below 4'],
      ['revenueGrowth', 'above 5%'],
      ['epsGrowth', 'above 5%'],
      ['revenueGrowth5y', 'above 5%'],
      ['grossMargin', 'above 40%'],
      ['operatingMargin', 'above 15%'],
      ['netMargin', 'above 10%'],
      ['roe', 'above 15%'],
      ['debtToEquity', 'between 0 and 1'],
      ['currentRatio', 'above 1'],
      ['paysDividend', 'a yield above 0%'],
      ['dividendYield', 'above 2%'],
      ['payoutRatio', 'below 75% of earnings'],
    ]);
  });

  it('passes a company that meets every threshold', () => {
    const checks = runFundamentalChecks(strong);
    expect(checks.every((check) => check.status === 'pass')).toBe(true);
    expect(byKey(checks).pe).toMatchObject({
      value: 18.2,
      unit: 'ratio',
      explanation: '18.20 is between 0 and 25.',
    });
    expect(byKey(checks).grossMargin?.explanation).toBe('55.0% is above 40%.');
  });

  it('fails figures on the wrong side of a threshold, the threshold itself included', () => {
    const checks = byKey(
      runFundamentalChecks({
        ...strong,
        peRatio: 25,
        psRatio: 9.9,
        roePercent: 15,
        currentRatio: 0.8,
      }),
    );
    expect(checks.pe?.status).toBe('fail');
    expect(checks.pe?.explanation).toBe('25.00 is not between 0 and 25.');
    expect(checks.ps?.status).toBe('fail');
    expect(checks.roe?.status).toBe('fail');
    expect(checks.currentRatio?.status).toBe('fail');
    expect(checks.pb?.status).toBe('pass');
  });

  it('fails a negative price to earnings or debt to equity: losses and negative equity', () => {
    const checks = byKey(runFundamentalChecks({ ...strong, peRatio: -12.5, debtToEquity: -3 }));
    expect(checks.pe).toMatchObject({
      status: 'fail',
      explanation: '-12.50: the company made a loss over the last 12 months.',
    });
    expect(checks.debtToEquity).toMatchObject({ status: 'fail' });
  });

  it('marks a missing figure not available, never pass or fail', () => {
    const checks = runFundamentalChecks(none);
    expect(checks.every((check) => check.status === 'not_available' && check.value === null)).toBe(
      true,
    );
  });

  it('treats a company without a dividend as failing the dividend, with no payout to judge', () => {
    const checks = byKey(
      runFundamentalChecks({ ...strong, dividendYieldPercent: 0, payoutRatioPercent: 0 }),
    );
    expect(checks.paysDividend).toMatchObject({ status: 'fail', explanation: 'Pays no dividend.' });
    expect(checks.dividendYield?.status).toBe('fail');
    expect(checks.payoutRatio).toMatchObject({ status: 'not_available', value: null });
  });

  it('fails a payout above 75% or a dividend paid without earnings', () => {
    expect(
      byKey(runFundamentalChecks({ ...strong, payoutRatioPercent: 92 })).payoutRatio?.status,
    ).toBe('fail');
    expect(
      byKey(runFundamentalChecks({ ...strong, payoutRatioPercent: -40 })).payoutRatio,
    ).toMatchObject({
      status: 'fail',
      explanation: '-40.0%: the dividend is paid without earnings to cover it.',
    });
  });
});
