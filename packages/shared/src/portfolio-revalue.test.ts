import { describe, expect, it } from 'vitest';
import type { Holding, HoldingsResponse, PortfolioSummary } from './portfolio.ts';
import { type NewerPrice, revalueHoldings, revalueSummary } from './portfolio-revalue.ts';

const polled = '2026-03-16T14:00:00.000Z';
const later = '2026-03-16T14:00:05.000Z';
const source = { source: 'finnhub', asOf: polled, delayed: false };

/**
 * A portfolio as the server answers it (worked out by hand; each holding's value, cost and day
 * base to the cent, every total the sum of its rows):
 * - AAA: 10 shares held for a while, bought for 1000.3333... (a FIFO share of a lot, 1000.33),
 *   at 101.50 after a close of 100: today +15.00;
 * - BBB: 4 shares bought today at 50.10, now 50 (yesterday's close 49): today -0.40, from the
 *   buy price, not +4.00 from the close;
 * - CCC: 0.33333333 shares at 10.01 (3.3366666333, so 3.34) after a close of 10 (3.33);
 * - 12.3456 in cash (12.35), 2,000 put in.
 */
function holding(fields: Partial<Holding> & Pick<Holding, 'symbol'>): Holding {
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
    dayBase: null,
    ...fields,
  };
}

const answer: HoldingsResponse = {
  portfolio: {
    id: 'p1',
    name: 'Main',
    kind: 'real',
    createdAt: polled,
    transactionCount: 5,
    shared: null,
  },
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
      unrealisedGainRatio: 0.01466516,
      weight: 0.82474059,
      dayBase: '1000.00',
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
      weight: 0.16251046,
      dayBase: '200.40',
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
      dayChange: '0.01',
      dayChangeRatio: 0.003003,
      unrealisedGain: '0.34',
      unrealisedGainRatio: 0.11333333,
      weight: 0.00271392,
      dayBase: '3.33',
    }),
  ],
  closed: [],
  totals: {
    marketValue: '1218.34',
    cash: '12.35',
    totalValue: '1230.69',
    costBasis: '1203.73',
    unrealisedGain: '14.61',
    realisedGain: '0.00',
    dividends: '0.00',
    fees: '0.00',
    deposits: '2000.00',
    withdrawals: '0.00',
    outsideFunding: '0.00',
    netContributions: '2000.00',
    totalGain: '-769.31',
    totalGainRatio: -0.384655,
    dayChange: '14.61',
    dayChangeRatio: 0.01201401,
  },
  allocation: {
    byHolding: [
      { key: 'AAA', label: 'AAA', value: '1015.00', weight: 0.82474059 },
      { key: 'BBB', label: 'BBB', value: '200.00', weight: 0.16251046 },
      { key: 'cash', label: 'Cash', value: '12.35', weight: 0.01003502 },
      { key: 'CCC', label: 'CCC', value: '3.34', weight: 0.00271392 },
    ],
    bySector: [
      { key: 'Technology', label: 'Technology', value: '1015.00', weight: 0.82474059 },
      { key: 'etf', label: 'ETFs', value: '200.00', weight: 0.16251046 },
      { key: 'cash', label: 'Cash', value: '12.35', weight: 0.01003502 },
      { key: 'unknown', label: 'Sector not known', value: '3.34', weight: 0.00271392 },
    ],
    byType: [
      { key: 'stock', label: 'Stocks', value: '1015.00', weight: 0.82474059 },
      { key: 'etf', label: 'ETFs', value: '200.00', weight: 0.16251046 },
      { key: 'cash', label: 'Cash', value: '12.35', weight: 0.01003502 },
      { key: 'unknown', label: 'Type not known', value: '3.34', weight: 0.00271392 },
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
      unrealisedGainRatio: 0.02336229,
      priceSource: { source: 'finnhub', asOf: later, delayed: false },
    });
    // Other rows keep their figures; only their weight of the new total changes.
    expect(bbb).toEqual({ ...answer.holdings[1], weight: 0.16136971 });
    expect(ccc?.marketValue).toBe('3.34');
    expect(moved.totals).toMatchObject({
      marketValue: '1227.04',
      totalValue: '1239.39',
      unrealisedGain: '23.31',
      totalGain: '-760.61',
      dayChange: '23.31',
      costBasis: '1203.73',
      cash: '12.35',
    });
    // Every total is the sum of the rows shown with it, to the cent.
    const sum = (field: 'marketValue' | 'dayChange' | 'unrealisedGain') =>
      moved.holdings.reduce((total, row) => total + cents(row[field]!), 0);
    expect(sum('marketValue')).toBe(cents(moved.totals.marketValue));
    expect(sum('marketValue') + cents(moved.totals.cash)).toBe(cents(moved.totals.totalValue));
    expect(sum('dayChange')).toBe(cents(moved.totals.dayChange!));
    expect(sum('unrealisedGain')).toBe(cents(moved.totals.unrealisedGain));
    for (const row of moved.holdings) {
      expect(cents(row.unrealisedGain)).toBe(cents(row.marketValue) - cents(row.costBasis));
      expect(cents(row.dayChange!)).toBe(cents(row.marketValue) - cents(row.dayBase!));
    }
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
      totalValue: '1243.39',
      unrealisedGain: '27.31',
      totalGain: '-756.61',
      totalGainRatio: -0.378305,
      dayChange: '27.31',
      dayChangeRatio: 0.0224574,
    });
    expect(moved.holdings.map((row) => row.weight)).toEqual([0.82331368, 0.16406759, 0.0026862]);
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
              dayBase: null,
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
  totalValue: '1230.69',
  marketValue: '1218.34',
  cash: '12.35',
  dayChange: '14.61',
  dayChangeRatio: 0.01201401,
  totalGain: '-769.31',
  prices: { sources: ['finnhub'], asOf: polled, delayed: false },
  netContributions: '2000.00',
  holdings: [
    { symbol: 'AAA', quantity: '10', marketValue: '1015.00', asOf: polled, dayBase: '1000.00' },
    { symbol: 'BBB', quantity: '4', marketValue: '200.00', asOf: polled, dayBase: '200.40' },
    { symbol: 'CCC', quantity: '0.33333333', marketValue: '3.34', asOf: polled, dayBase: '3.33' },
  ],
};

describe('the summary of every portfolio revalued at a live price', () => {
  it('is exactly the server figures at the polled price', () => {
    const same = revalueSummary(summary, prices({ AAA: 101.5 }));
    expect({
      ...same,
      holdings: summary.holdings,
      prices: summary.prices,
    }).toEqual(summary);
    expect(same.holdings[0]).toEqual({ ...summary.holdings[0], asOf: later });
    expect(revalueSummary(summary, prices({ AAA: 150 }, polled))).toBe(summary);
  });

  it("moves as the portfolio page's totals do, a holding bought today from its buy price", () => {
    const moved = revalueSummary(summary, prices({ AAA: 102.37, BBB: 51 }));
    expect(moved).toMatchObject({
      totalValue: '1243.39',
      marketValue: '1231.04',
      dayChange: '27.31',
      dayChangeRatio: 0.0224574,
      totalGain: '-756.61',
    });
    expect(moved.holdings[0]).toMatchObject({ marketValue: '1023.70', asOf: later });
  });
});
