import { describe, expect, it } from 'vitest';
import {
  basisPoints,
  compoundYearly,
  dollarCostAveraging,
  positionSize,
  rebalance,
  recoveryGainBp,
} from './guide-examples.ts';

describe('the strategy guide’s worked examples', () => {
  it('dollar-cost averaging: $300 a month at $50, $40, $60 and $50', () => {
    const result = dollarCostAveraging(30_000n, [5_000n, 4_000n, 6_000n, 5_000n]);
    // 300/50 = 6, 300/40 = 7.5, 300/60 = 5, 300/50 = 6: 24.5 shares for $1,200.
    expect(result.shares).toEqual([60_000n, 75_000n, 50_000n, 60_000n]);
    expect(result.totalShares).toBe(245_000n);
    expect(result.investedCents).toBe(120_000n);
    // 1200 / 24.5 = 48.9796: below the $50.00 average price.
    expect(result.averageCostCents).toBe(4_898n);
    expect(result.averagePriceCents).toBe(5_000n);
  });

  it('dividend yield and earnings yield', () => {
    expect(basisPoints(240n, 6_000n)).toBe(400n); // $2.40 on $60: 4.00%
    expect(basisPoints(450n, 9_000n)).toBe(500n); // $4.50 earned on $90: 5.00%
    expect(basisPoints(300n, 15_000n)).toBe(200n); // $3 earned on $150: 2.00%
  });

  it('profit per share growing 25% a year for three years', () => {
    // 3.00 -> 3.75 -> 4.6875 (4.69) -> 5.8625 (5.86), each year rounded to the cent.
    expect(compoundYearly(300n, 2_500, 3)).toBe(586n);
  });

  it('fees over 30 years on $10,000 growing 7% a year', () => {
    // 10,000 * 1.0695^30 and 10,000 * 1.06^30, each year rounded to the cent.
    expect(compoundYearly(1_000_000n, 695, 30)).toBe(7_506_258n);
    expect(compoundYearly(1_000_000n, 600, 30)).toBe(5_743_494n);
  });
});

describe('the risk guide’s worked examples', () => {
  it('sizes a position from 1% of a $50,000 account with a stop $4 below the entry', () => {
    expect(positionSize(5_000_000n, 100, 4_000n, 3_600n)).toEqual({
      riskCents: 50_000n,
      perShareCents: 400n,
      shares: 125n,
      positionCents: 500_000n,
    });
  });

  it('names the gain that undoes a loss', () => {
    expect([1_000, 2_000, 5_000].map(recoveryGainBp)).toEqual([1_111n, 2_500n, 10_000n]);
  });

  it('rebalances 60/40 after stocks gain 20% and bonds 2%', () => {
    // 60,000 * 1.2 = 72,000; 40,000 * 1.02 = 40,800; 112,800 in all, 63.83% in stocks.
    // 60% of 112,800 = 67,680: sell 4,320 of stocks.
    expect(rebalance(10_000_000n, 6_000, 2_000, 200)).toEqual({
      stocks: 7_200_000n,
      bonds: 4_080_000n,
      total: 11_280_000n,
      stocksShareBp: 6_383n,
      sellStocksCents: 432_000n,
      stocksAfter: 6_768_000n,
      bondsAfter: 4_512_000n,
    });
  });
});
