import { describe, expect, it } from 'vitest';
import type { Holding, HoldingsResponse, PortfolioSummary } from './portfolio.ts';
import { type NewerPrice, revalueHoldings, revalueSummary } from './portfolio-revalue.ts';

const polled = '2026-03-16T14:00:00.000Z';
const later = '2026-03-16T14:00:05.000Z';
const source = { source: 'finnhub', asOf: polled, delayed: false };

/**
 * A portfolio as the server answers it (figures worked out by hand to 40 digits):
 * - AAA: 10 shares held for a while, bought for 1000.3333... (a FIFO share of a lot), at 101.50
 *   after a close of 100: today +15.00;
 * - BBB: 4 shares bought today at 50.10, now 50 (yesterday's close 49): today -0.40, from the
 *   buy price, not +4.00 from the close;
 * - CCC: 0.33333333 shares at 10.01 after a close of 10, worth 3.3366666333 (3.34);
 * - 12.3456 in cash, 2,000 put in.
 * The total is the unrounded sum rounded once: 1,218.3366666333 is 1,218.34.
 */
function holding(fields: Partial<Holding> & Pick<Holding, 'symbol' | 'basis'>): Holding {
  return {
    name: null,
    type: 'stock',
    sector: null,
    quantity: '1',
    averageCost: '0.00',
    costBasis: '0.00',
    price: '0',
    previousClose: null,
    marketValue: '0.00',
    dayChange: null,
    dayChangeRatio: null,
    unrealisedGain: '0.00',
    unrealisedGainRatio: null,
    realisedGain: '0.00',
    dividends: '0.00',
    fees: '0.00',
    weight: 0,
    priceSource: source,
    ...fields,
  };
}

const answer: HoldingsResponse = {
  portfolio: { id: 'p1', name: 'Main', createdAt: polled, transactionCount: 5 },
  holdings: [
    holding({
      symbol: 'AAA',
      sector: 'Technology',
      quantity: '10',
      averageCost: '100.03',
      costBasis: '1000.33',
      price: '101.5',
      previousClose: '100',
      marketValue: '1015.00',
      dayChange: '15.00',
      dayChangeRatio: 0.015,
      unrealisedGain: '14.67',
      unrealisedGainRatio: 0.01466178,
      weight: 0.82474578,
      basis: { costBasis: '1000.33333333333333', dayBase: '1000' },
    }),
    holding({
      symbol: 'BBB',
      type: 'etf',
      quantity: '4',
      averageCost: '50.10',
      costBasis: '200.40',
      price: '50',
      previousClose: '49',
      marketValue: '200.00',
      dayChange: '-0.40',
      dayChangeRatio: -0.00199601,
      unrealisedGain: '-0.40',
      unrealisedGainRatio: -0.00199601,
      weight: 0.16251148,
      basis: { costBasis: '200.4', dayBase: '200.4' },
    }),
    holding({
      symbol: 'CCC',
      type: null,
      quantity: '0.33333333',
      averageCost: '9.00',
      costBasis: '3.00',
      price: '10.01',
      previousClose: '10',
      marketValue: '3.34',
      dayChange: '0.00',
      dayChangeRatio: 0.001,
      unrealisedGain: '0.34',
      unrealisedGainRatio: 0.11222221,
      weight: 0.00271123,
      basis: { costBasis: '3', dayBase: '3.3333333' },
    }),
  ],
  closed: [],
  totals: {
    marketValue: '1218.34',
    cash: '12.35',
    totalValue: '1230.68',
    costBasis: '1203.73',
    unrealisedGain: '14.60',
    realisedGain: '0.00',
    dividends: '0.00',
    fees: '0.00',
    deposits: '2000.00',
    withdrawals: '0.00',
    outsideFunding: '0.00',
    netContributions: '2000.00',
    totalGain: '-769.32',
    totalGainRatio: -0.38465887,
    dayChange: '14.60',
    dayChangeRatio: 0.01200854,
    basis: { cash: '12.3456', netContributions: '2000' },
  },
  allocation: {
    byHolding: [
      { key: 'AAA', label: 'AAA', value: '1015.00', weight: 0.82474578 },
      { key: 'BBB', label: 'BBB', value: '200.00', weight: 0.16251148 },
      { key: 'cash', label: 'Cash', value: '12.35', weight: 0.01003151 },
      { key: 'CCC', label: 'CCC', value: '3.34', weight: 0.00271123 },
    ],
    bySector: [
      { key: 'Technology', label: 'Technology', value: '1015.00', weight: 0.82474578 },
      { key: 'etf', label: 'ETFs', value: '200.00', weight: 0.16251148 },
      { key: 'cash', label: 'Cash', value: '12.35', weight: 0.01003151 },
      { key: 'unknown', label: 'Sector not known', value: '3.34', weight: 0.00271123 },
    ],
    byType: [
      { key: 'stock', label: 'Stocks', value: '1015.00', weight: 0.82474578 },
      { key: 'etf', label: 'ETFs', value: '200.00', weight: 0.16251148 },
      { key: 'cash', label: 'Cash', value: '12.35', weight: 0.01003151 },
      { key: 'unknown', label: 'Type not known', value: '3.34', weight: 0.00271123 },
    ],
  },
  prices: { sources: ['finnhub'], asOf: polled, delayed: false },
};

const prices = (entries: Record<string, number>, asOf = later) =>
  new Map<string, NewerPrice>(
    Object.entries(entries).map(([symbol, price]) => [symbol, { price, asOf }]),
  );

const cents = (text: string) => Math.round(Number(text) * 100);

describe('holdings revalued at a live price', () => {
  it('are exactly the server figures when the live price is the polled one', () => {
    const same = revalueHoldings(answer, prices({ AAA: 101.5, BBB: 50, CCC: 10.01 }));
    expect(same).toEqual({
      ...answer,
      holdings: answer.holdings.map((row) => ({
        ...row,
        priceSource: { ...row.priceSource, asOf: later },
      })),
      prices: { ...answer.prices, asOf: later },
    });
  });

  it('are the answer itself when no live price is newer than the polled one', () => {
    expect(revalueHoldings(answer, prices({ AAA: 120 }, polled))).toBe(answer);
    expect(revalueHoldings(answer, prices({ AAA: 120 }, '2026-03-16T13:59:59.000Z'))).toBe(answer);
    expect(revalueHoldings(answer, new Map())).toBe(answer);
  });

  it('move the row, its weight, the totals and the allocation together', () => {
    const moved = revalueHoldings(answer, prices({ AAA: 102.37 }));
    const [aaa, bbb, ccc] = moved.holdings;
    expect(aaa).toMatchObject({
      price: '102.37',
      marketValue: '1023.70',
      dayChange: '23.70',
      dayChangeRatio: 0.0237,
      unrealisedGain: '23.37',
      unrealisedGainRatio: 0.02335888,
      priceSource: { source: 'finnhub', asOf: later, delayed: false },
    });
    // Other rows keep their figures; only their weight of the new total changes.
    expect(bbb).toEqual({ ...answer.holdings[1], weight: 0.16137071 });
    expect(ccc?.marketValue).toBe('3.34');
    expect(moved.totals).toMatchObject({
      marketValue: '1227.04',
      totalValue: '1239.38',
      unrealisedGain: '23.30',
      totalGain: '-760.62',
      dayChange: '23.30',
      costBasis: '1203.73',
      cash: '12.35',
    });
    // Rows and totals agree: the total is the unrounded sum of the rows, rounded once as the
    // server rounds it (1,227.0366666333 + 12.3456), so it is within half a cent a figure of
    // the rounded rows added up.
    const rows = moved.holdings.reduce((sum, row) => sum + cents(row.marketValue), 0);
    expect(rows).toBe(cents(moved.totals.marketValue));
    expect(rows + cents(moved.totals.cash) - cents(moved.totals.totalValue)).toBe(1);
    const day = moved.holdings.reduce((sum, row) => sum + cents(row.dayChange!), 0);
    expect(day).toBe(cents(moved.totals.dayChange!));
    expect(moved.allocation.byHolding[0]).toEqual({
      key: 'AAA',
      label: 'AAA',
      value: '1023.70',
      weight: aaa?.weight,
    });
    expect(moved.prices.asOf).toBe(polled);
  });

  it('count a holding bought today from its buy price, not the previous close', () => {
    const moved = revalueHoldings(answer, prices({ AAA: 102.37, BBB: 51 }));
    const bbb = moved.holdings[1];
    // 4 x 51 = 204.00 against 4 x 50.10 paid today: +3.60 (not +8.00 from the close of 49).
    expect(bbb).toMatchObject({
      marketValue: '204.00',
      dayChange: '3.60',
      dayChangeRatio: 0.01796407,
      unrealisedGain: '3.60',
    });
    expect(moved.totals).toMatchObject({
      marketValue: '1231.04',
      totalValue: '1243.38',
      unrealisedGain: '27.30',
      totalGain: '-756.62',
      totalGainRatio: -0.37830887,
      dayChange: '27.30',
      dayChangeRatio: 0.02245194,
    });
    expect(moved.holdings.map((row) => row.weight)).toEqual([0.8233188, 0.16406861, 0.00268354]);
    expect(moved.prices.asOf).toBe(polled);
  });

  it('keep a day change not known as not known, and never revalue a last trade price', () => {
    const unknown: HoldingsResponse = {
      ...answer,
      holdings: answer.holdings.map((row, index) =>
        index === 2
          ? {
              ...row,
              dayChange: null,
              dayChangeRatio: null,
              priceSource: { source: 'trade', asOf: null, delayed: false },
              basis: { ...row.basis, dayBase: null },
            }
          : row,
      ),
      totals: { ...answer.totals, dayChange: null, dayChangeRatio: null },
    };
    const moved = revalueHoldings(unknown, prices({ AAA: 102.37, CCC: 50 }));
    expect(moved.totals.dayChange).toBeNull();
    expect(moved.holdings[2]?.price).toBe('10.01');
    expect(moved.holdings[0]?.dayChange).toBe('23.70');
  });
});

const summary: PortfolioSummary = {
  portfolioCount: 2,
  transactionCount: 9,
  totalValue: '1230.68',
  marketValue: '1218.34',
  cash: '12.35',
  dayChange: '14.60',
  dayChangeRatio: 0.01200854,
  totalGain: '-769.32',
  prices: { sources: ['finnhub'], asOf: polled, delayed: false },
  basis: {
    cash: '12.3456',
    netContributions: '2000',
    holdings: [
      { symbol: 'AAA', quantity: '10', marketValue: '1015', asOf: polled, dayBase: '1000' },
      { symbol: 'BBB', quantity: '4', marketValue: '200', asOf: polled, dayBase: '200.4' },
      {
        symbol: 'CCC',
        quantity: '0.33333333',
        marketValue: '3.3366666333',
        asOf: polled,
        dayBase: '3.3333333',
      },
    ],
  },
};

describe('the summary of every portfolio revalued at a live price', () => {
  it('is exactly the server figures at the polled price', () => {
    const same = revalueSummary(summary, prices({ AAA: 101.5 }));
    expect({ ...same, basis: summary.basis, prices: summary.prices }).toEqual(summary);
    expect(revalueSummary(summary, prices({ AAA: 150 }, polled))).toBe(summary);
  });

  it("moves as the portfolio page's totals do, a holding bought today from its buy price", () => {
    const moved = revalueSummary(summary, prices({ AAA: 102.37, BBB: 51 }));
    expect(moved).toMatchObject({
      totalValue: '1243.38',
      marketValue: '1231.04',
      dayChange: '27.30',
      dayChangeRatio: 0.02245194,
      totalGain: '-756.62',
    });
    expect(moved.basis.holdings[0]).toMatchObject({ marketValue: '1023.7', asOf: later });
  });
});
