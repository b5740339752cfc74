import type { KeyMetrics } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { keyStatistics, notAvailable, unknownMetrics } from './key-statistics.ts';

/** The simulated figures the server gives Apple (the product's constants for its five stocks). */
const apple: KeyMetrics = {
  marketCap: 3e12,
  peRatio: 31.2,
  pbRatio: 6.53,
  psRatio: 5.14,
  eps: 5.98,
  dividendYieldPercent: 0.93,
  payoutRatioPercent: 28.93,
  beta: 0.76,
  yearHigh: 199.62,
  yearLow: 164.08,
  grossMarginPercent: 52.34,
  operatingMarginPercent: 28.19,
  netMarginPercent: -16.4,
  roePercent: 20.92,
  revenueGrowthPercent: 13.13,
  epsGrowthPercent: -7.5,
  revenueGrowth5yPercent: 0,
  debtToEquity: 0.45,
  currentRatio: 1.9,
};

function values(metrics: KeyMetrics, type: 'stock' | 'etf' = 'stock'): Record<string, string> {
  return Object.fromEntries(
    keyStatistics(metrics, type).flatMap((group) =>
      group.statistics.map((statistic) => [statistic.label, statistic.value]),
    ),
  );
}

describe('key statistics', () => {
  it('formats each kind of figure with the same decimals', () => {
    expect(values(apple)).toEqual({
      'Market cap': '$3.00T',
      'P/E ratio': '31.2',
      'P/B ratio': '6.5',
      'P/S ratio': '5.1',
      'EPS (TTM)': '$5.98',
      '52-week high': '$199.62',
      '52-week low': '$164.08',
      Beta: '0.76',
      'Dividend yield': '0.93%',
      'Payout ratio': '28.93%',
      'Gross margin': '52.34%',
      'Operating margin': '28.19%',
      'Net margin': '-16.40%',
      'Return on equity': '20.92%',
      'Revenue growth (YoY)': '+13.13%',
      'EPS growth (YoY)': '-7.50%',
      'Revenue growth (5Y, yearly)': '0.00%',
      'Debt to equity': '0.45',
      'Current ratio': '1.90',
    });
  });

  it('writes market caps with the T, B and M rule', () => {
    expect(values({ ...apple, marketCap: 7.809e9 })['Market cap']).toBe('$7.81B');
    expect(values({ ...apple, marketCap: 450e6 })['Market cap']).toBe('$450.00M');
    expect(values({ ...apple, marketCap: 950_000 })['Market cap']).toBe('$950,000');
  });

  it('says "Not available" for every figure the source lacks, never 0', () => {
    const shown = values(unknownMetrics);
    expect(Object.keys(shown)).toHaveLength(19);
    expect(new Set(Object.values(shown))).toEqual(new Set([notAvailable]));
    expect(values({ ...apple, peRatio: null, eps: Number.NaN })).toMatchObject({
      'P/E ratio': notAvailable,
      'EPS (TTM)': notAvailable,
      'Market cap': '$3.00T',
    });
  });

  it('groups a stock by valuation, price, profitability, growth and financial health', () => {
    expect(keyStatistics(apple, 'stock').map((group) => group.title)).toEqual([
      'Valuation',
      'Price and dividends',
      'Profitability',
      'Growth',
      'Financial health',
    ]);
  });

  it('shows a fund what describes a fund, not margins or growth', () => {
    const fund = values({ ...unknownMetrics, yearHigh: 92.18, yearLow: 75.1, beta: 0.97 }, 'etf');
    expect(fund).toEqual({
      '52-week high': '$92.18',
      '52-week low': '$75.10',
      Beta: '0.97',
      'Dividend yield': notAvailable,
      'P/E ratio': notAvailable,
      'Market cap': notAvailable,
    });
  });
});
