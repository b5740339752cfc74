import { describe, expect, it } from 'vitest';
import { type PriceNow, portfolioFigures } from './holdings.ts';
import { findLedgerProblem, type LedgerEntry } from './ledger.ts';
import {
  cashScale,
  closeScale,
  Decimal,
  money,
  priceScale,
  shareScale,
  toCents,
  units,
} from './money.ts';
import { performanceOver } from './performance.ts';
import { type CloseSeries, dailyValues } from './valuation.ts';

/**
 * The reference portfolio, computed by hand below, line by line. Two securities, AAA and BBB;
 * BBB splits 2-for-1 on 2024-01-10. Every figure the app shows must match to the cent.
 *
 *  #  date        transaction                                   cash after
 *  1  2024-01-02  deposit 10,000.00                             10,000.00
 *  2  2024-01-03  buy 50 AAA @ 100.00, fees 5.00  (-5,005.00)    4,995.00
 *  3  2024-01-04  buy 20 BBB @ 150.00, no fees    (-3,000.00)    1,995.00
 *  4  2024-01-05  buy 30 AAA @ 110.00, fees 5.00  (-3,305.00)        0.00
 *                 cash cannot pay 3,305.00: the 1,310.00 short is money put in from outside
 *  5  2024-01-08  dividend AAA 40.00, 6.00 tax withheld (+34.00)    34.00
 *  6  2024-01-09  sell 60 AAA @ 120.00, fees 7.00 (+7,193.00)    7,227.00
 *                 FIFO: 50 shares of lot #2 (cost 5,005.00) and 10 of lot #4
 *                 (3,305.00 x 10/30 = 1,101.666...), cost sold 6,106.666...
 *                 realised gain 7,193.00 - 6,106.666... = 1,086.333... -> 1,086.33
 *                 AAA left: 20 shares of lot #4 costing 3,305.00 x 20/30 = 2,203.333...
 *  7  2024-01-10  split BBB 2 for 1: 40 shares, still costing 3,000.00
 *  8  2024-01-11  sell 10 BBB @ 80.00             (+800.00)      8,027.00
 *                 FIFO cost 3,000.00 x 10/40 = 750.00, realised gain 50.00
 *                 BBB left: 30 shares costing 2,250.00
 *  9  2024-01-12  fee 12.00 (account)             (-12.00)       8,015.00
 * 10  2024-01-12  withdrawal 2,000.00             (-2,000.00)    6,015.00
 * 11  2024-01-16  dividend BBB 15.00              (+15.00)       6,030.00
 */
let seq = 0;
function entry(
  date: string,
  kind: LedgerEntry['kind'],
  fields: {
    symbol?: string;
    quantity?: string;
    price?: string;
    amount?: string;
    fees?: string;
    split?: [number, number];
  } = {},
): LedgerEntry {
  seq += 1;
  const exact = (value: string | undefined, scale: number) =>
    value === undefined ? null : units(value, scale);
  return {
    id: `t${seq}`,
    kind,
    date,
    symbol: fields.symbol ?? null,
    quantity: exact(fields.quantity, shareScale),
    price: exact(fields.price, priceScale),
    amount: exact(fields.amount, cashScale),
    fees: units(fields.fees ?? '0', cashScale),
    splitTo: fields.split?.[0] ?? null,
    splitFrom: fields.split?.[1] ?? null,
    seq,
  };
}

// Entered out of order on purpose (the withdrawal before the fee of the same day): the ledger
// orders a day's transactions itself.
const ledger: LedgerEntry[] = [
  entry('2024-01-02', 'deposit', { amount: '10000' }),
  entry('2024-01-03', 'buy', { symbol: 'AAA', quantity: '50', price: '100', fees: '5' }),
  entry('2024-01-04', 'buy', { symbol: 'BBB', quantity: '20', price: '150' }),
  entry('2024-01-05', 'buy', { symbol: 'AAA', quantity: '30', price: '110', fees: '5' }),
  entry('2024-01-08', 'dividend', { symbol: 'AAA', amount: '40', fees: '6' }),
  entry('2024-01-09', 'sell', { symbol: 'AAA', quantity: '60', price: '120', fees: '7' }),
  entry('2024-01-10', 'split', { symbol: 'BBB', split: [2, 1] }),
  entry('2024-01-11', 'sell', { symbol: 'BBB', quantity: '10', price: '80' }),
  entry('2024-01-12', 'withdrawal', { amount: '2000' }),
  entry('2024-01-12', 'fee', { amount: '12' }),
  entry('2024-01-16', 'dividend', { symbol: 'BBB', amount: '15' }),
];

/**
 * Today (2024-01-17): AAA 125.00 (previous close 122.00), BBB 78.00 (previous close 79.00).
 *
 * AAA: 20 shares, cost 2,203.333... -> 2,203.33, average 110.1666... -> 110.17,
 *      market value 20 x 125 = 2,500.00, unrealised 2,500 - 2,203.333... = 296.666... -> 296.67,
 *      realised 1,086.33, dividends 34.00, fees 5 + 5 + 7 = 17.00,
 *      day change 20 x (125 - 122) = 60.00, weight 2,500 / 10,870 = 22.999 %
 * BBB: 30 shares, cost 2,250.00, average 75.00, market value 30 x 78 = 2,340.00,
 *      unrealised 90.00, realised 50.00, dividends 15.00, fees 0.00,
 *      day change 30 x (78 - 79) = -30.00, weight 2,340 / 10,870 = 21.527 %
 * Totals: market value 4,840.00 + cash 6,030.00 = 10,870.00; cost 4,453.333... -> 4,453.33;
 *      unrealised 386.666... -> 386.67; realised 1,136.333... -> 1,136.33; dividends 49.00;
 *      fees 17.00 trading + 12.00 account = 29.00; deposits 10,000.00, withdrawals 2,000.00,
 *      from outside 1,310.00, so net contributions 9,310.00;
 *      total gain 10,870.00 - 9,310.00 = 1,560.00
 *        (= unrealised 386.666... + realised 1,136.333... + dividends 49 - account fees 12);
 *      day change 60 - 30 = 30.00, over the value at the previous close 10,840.00 = 0.2768 %.
 */
const price = (now: string, previousClose: string): PriceNow => ({
  price: units(now, priceScale),
  previousClose: units(previousClose, priceScale),
  source: 'simulated',
  asOf: '2024-01-17T15:00:00.000Z',
  delayed: false,
});
const pricesNow = new Map([
  ['AAA', price('125', '122')],
  ['BBB', price('78', '79')],
]);

/**
 * Stored closes, split-adjusted like the market data: BBB's closes before its split are half
 * of what it traded at (148, 149, 152, 154, 156, 158 became 74 ... 79).
 */
const calendar = [
  '2023-12-29',
  '2024-01-02',
  '2024-01-03',
  '2024-01-04',
  '2024-01-05',
  '2024-01-08',
  '2024-01-09',
  '2024-01-10',
  '2024-01-11',
  '2024-01-12',
  '2024-01-16',
];
function closeSeries(closes: (string | null)[]): CloseSeries {
  const dates: string[] = [];
  const values: bigint[] = [];
  closes.forEach((close, index) => {
    if (close === null) return;
    dates.push(calendar[index]!);
    values.push(units(close, closeScale));
  });
  return { dates, closes: values };
}
const closes = new Map([
  ['AAA', closeSeries([null, '98', '102', '105', '112', '115', '121', '118', '119', '120', '122'])],
  ['BBB', closeSeries([null, '74', '74.5', '76', '77', '78', '79', '79', '81', '80', '79'])],
]);
const spy = closeSeries([
  '475',
  '470',
  '471',
  '472',
  '473',
  '474',
  '476',
  '477',
  '478',
  '479',
  '480',
]);

describe('the reference portfolio', () => {
  const figures = portfolioFigures(ledger, pricesNow, '2024-01-17');
  const bySymbol = new Map(figures.holdings.map((holding) => [holding.symbol, holding]));

  it('holds what the hand computation holds, to the cent', () => {
    const aaa = bySymbol.get('AAA')!;
    expect(aaa.quantity.toFixed()).toBe('20');
    expect(toCents(aaa.costBasis)).toBe('2203.33');
    expect(toCents(aaa.averageCost)).toBe('110.17');
    expect(toCents(aaa.marketValue)).toBe('2500.00');
    expect(toCents(aaa.unrealisedGain)).toBe('296.67');
    expect(toCents(aaa.realisedGain)).toBe('1086.33');
    expect(toCents(aaa.dividends)).toBe('34.00');
    expect(toCents(aaa.fees)).toBe('17.00');
    expect(toCents(aaa.dayChange!)).toBe('60.00');
    expect(aaa.weight.toFixed(5)).toBe('0.22999');

    const bbb = bySymbol.get('BBB')!;
    expect(bbb.quantity.toFixed()).toBe('30');
    expect(toCents(bbb.costBasis)).toBe('2250.00');
    expect(toCents(bbb.averageCost)).toBe('75.00');
    expect(toCents(bbb.marketValue)).toBe('2340.00');
    expect(toCents(bbb.unrealisedGain)).toBe('90.00');
    expect(toCents(bbb.realisedGain)).toBe('50.00');
    expect(toCents(bbb.dividends)).toBe('15.00');
    expect(toCents(bbb.dayChange!)).toBe('-30.00');
    expect(bbb.weight.toFixed(5)).toBe('0.21527');
    // Largest holding first.
    expect(figures.holdings.map((holding) => holding.symbol)).toEqual(['AAA', 'BBB']);
  });

  it('adds up to the hand-computed totals', () => {
    const { totals } = figures;
    const cents = Object.fromEntries(
      Object.entries(totals).map(([name, value]) => [name, value ? toCents(value) : value]),
    );
    expect(cents).toEqual({
      marketValue: '4840.00',
      cash: '6030.00',
      totalValue: '10870.00',
      costBasis: '4453.33',
      unrealisedGain: '386.67',
      realisedGain: '1136.33',
      dividends: '49.00',
      fees: '29.00',
      deposits: '10000.00',
      withdrawals: '2000.00',
      outsideFunding: '1310.00',
      netContributions: '9310.00',
      totalGain: '1560.00',
      dayChange: '30.00',
      dayChangeRatio: '0.00',
    });
    expect(totals.dayChangeRatio!.toFixed(6)).toBe('0.002768');
  });

  /**
   * Value at each close (cash + shares x close; BBB's shares before the split count double
   * against its split-adjusted closes):
   *   12-29  nothing yet                                            0.00
   *   01-02  cash 10,000                                       10,000.00  flow +10,000
   *   01-03  4,995 + 50 x 102                                  10,095.00
   *   01-04  1,995 + 50 x 105 + 40 x 76                        10,285.00
   *   01-05  0 + 80 x 112 + 40 x 77                            12,040.00  flow +1,310
   *   01-08  34 + 80 x 115 + 40 x 78                           12,354.00
   *   01-09  7,227 + 20 x 121 + 40 x 79                        12,807.00
   *   01-10  7,227 + 20 x 118 + 40 x 79                        12,747.00
   *   01-11  8,027 + 20 x 119 + 30 x 81                        12,837.00
   *   01-12  6,015 + 20 x 120 + 30 x 80                        10,815.00  flow -2,000
   *   01-16  6,030 + 20 x 122 + 30 x 79                        10,840.00
   */
  it('is worth the hand-computed value at each close', () => {
    const values = dailyValues(ledger, calendar, closes).map((day) => [
      day.date,
      toCents(money(day.value)),
      toCents(money(day.flow)),
    ]);
    expect(values).toEqual([
      ['2023-12-29', '0.00', '0.00'],
      ['2024-01-02', '10000.00', '10000.00'],
      ['2024-01-03', '10095.00', '0.00'],
      ['2024-01-04', '10285.00', '0.00'],
      ['2024-01-05', '12040.00', '1310.00'],
      ['2024-01-08', '12354.00', '0.00'],
      ['2024-01-09', '12807.00', '0.00'],
      ['2024-01-10', '12747.00', '0.00'],
      ['2024-01-11', '12837.00', '0.00'],
      ['2024-01-12', '10815.00', '-2000.00'],
      ['2024-01-16', '10840.00', '0.00'],
    ]);
  });

  /**
   * Time-weighted: each day's value over the money invested that day, chained. Money put in
   * counts from the start of its day, money taken out at the end of its day:
   *   01-02  10,000 / (0 + 10,000)          = 1
   *   01-03  10,095 / 10,000
   *   01-04  10,285 / 10,095
   *   01-05  12,040 / (10,285 + 1,310)      = 12,040 / 11,595
   *   01-08 .. 01-11  12,354 / 12,040, 12,807 / 12,354, 12,747 / 12,807, 12,837 / 12,747
   *   01-12  (10,815 + 2,000) / 12,837      = 12,815 / 12,837
   *   01-16  10,840 / 10,815
   * The product telescopes to (10,285 x 12,815 x 10,840) / (10,000 x 11,595 x 10,815)
   * = 1.139344111..., a time-weighted return of 13.9344 %.
   *
   * Money-weighted: the rate R over the 18 days from 12-29 that makes the flows' value 0:
   *   -10,000 / (1+R)^(4/18) - 1,310 / (1+R)^(7/18) + 2,000 / (1+R)^(14/18) + 10,840 / (1+R) = 0
   * R = 0.1916741... (19.1674 %): the withdrawal came after the best days.
   *
   * SPY from its close on the base day: 480 / 475 - 1 = 1.0526 %.
   * Gain: 10,840 - 0 - (10,000 + 1,310 - 2,000) = 1,530.00.
   */
  it('returns what the hand computation returns since it began, against SPY', () => {
    const performance = performanceOver({
      ledgers: [ledger],
      range: 'all',
      calendar,
      closes,
      benchmark: spy,
    })!;
    expect(performance.from).toBe('2023-12-29');
    expect(performance.to).toBe('2024-01-16');
    expect(toCents(performance.startValue)).toBe('0.00');
    expect(toCents(performance.endValue)).toBe('10840.00');
    expect(toCents(performance.netFlows)).toBe('9310.00');
    expect(toCents(performance.gain)).toBe('1530.00');
    expect(performance.timeWeightedReturn.toFixed(10)).toBe(
      new Decimal(10285 * 12815)
        .times(10840)
        .div(new Decimal(10000 * 11595).times(10815))
        .minus(1)
        .toFixed(10),
    );
    expect(performance.timeWeightedReturn.toFixed(6)).toBe('0.139344');
    expect(performance.moneyWeightedReturn!.toFixed(6)).toBe('0.191674');
    const rate = performance.moneyWeightedReturn!.toNumber();
    const balance =
      -10000 / (1 + rate) ** (4 / 18) -
      1310 / (1 + rate) ** (7 / 18) +
      2000 / (1 + rate) ** (14 / 18) +
      10840 / (1 + rate);
    expect(Math.abs(balance)).toBeLessThan(1e-6);
    expect(performance.moneyWeightedAnnualised).toBeNull();
    expect(performance.benchmarkReturn!.toFixed(6)).toBe('0.010526');
    expect(performance.points.map((point) => point.cumulativeReturn.toFixed(4))).toEqual([
      '0.0000',
      '0.0000',
      '0.0095',
      '0.0285',
      '0.0680',
      '0.0958',
      '0.1360',
      '0.1307',
      '0.1387',
      '0.1367',
      '0.1393',
    ]);
  });

  /**
   * Measured from the close of 01-08 (value 12,354.00), the withdrawal is the only flow:
   * gain 10,840 - 12,354 + 2,000 = 486.00; time-weighted
   * (12,837 / 12,354) x (12,815 / 12,837) x (10,840 / 10,815) - 1 = 12,815 x 10,840 / (12,354 x 10,815) - 1.
   */
  it('measures a range from the value at its base day', () => {
    const fromEighth = calendar.slice(5);
    const performance = performanceOver({
      ledgers: [ledger],
      range: 'all',
      calendar: fromEighth,
      closes,
      benchmark: spy,
    })!;
    expect(performance.from).toBe('2024-01-08');
    expect(toCents(performance.startValue)).toBe('12354.00');
    expect(toCents(performance.netFlows)).toBe('-2000.00');
    expect(toCents(performance.gain)).toBe('486.00');
    expect(performance.timeWeightedReturn.toFixed(10)).toBe(
      new Decimal(12815 * 10840)
        .div(12354 * 10815)
        .minus(1)
        .toFixed(10),
    );
    expect(performance.benchmarkReturn!.toFixed(6)).toBe(
      new Decimal(480).div(474).minus(1).toFixed(6),
    );
  });

  it('adds up two portfolios day by day', () => {
    const performance = performanceOver({
      ledgers: [ledger, [entry('2024-01-10', 'deposit', { amount: '1000' })]],
      range: 'all',
      calendar,
      closes,
      benchmark: spy,
    })!;
    expect(toCents(performance.endValue)).toBe('11840.00');
    expect(toCents(performance.netFlows)).toBe('10310.00');
    expect(toCents(performance.gain)).toBe('1530.00');
  });
});

describe('a ledger that cannot stand', () => {
  it('refuses a sell of more shares than were held on its date', () => {
    const problem = findLedgerProblem([
      ...ledger,
      entry('2024-01-09', 'sell', { symbol: 'AAA', quantity: '20.5', price: '120' }),
    ]);
    expect(problem).toEqual({
      transactionId: `t${seq}`,
      field: 'quantity',
      message: 'You held 20 AAA on 2024-01-09: a sell of 20.5 is more than that.',
    });
  });

  it('refuses a sell before the shares were bought', () => {
    const sell = entry('2024-01-02', 'sell', { symbol: 'BBB', quantity: '1', price: '150' });
    expect(findLedgerProblem([...ledger, sell])?.message).toBe(
      'You held no BBB on 2024-01-02, so there is nothing to sell.',
    );
  });

  it('refuses a withdrawal of more cash than the account held', () => {
    const withdrawal = entry('2024-01-16', 'withdrawal', { amount: '6030.01' });
    expect(findLedgerProblem([...ledger, withdrawal])).toMatchObject({
      field: 'amount',
      message: 'Cash on 2024-01-16 was $6030.00: a withdrawal of $6030.01 is more than that.',
    });
    expect(
      findLedgerProblem([...ledger, entry('2024-01-16', 'withdrawal', { amount: '6030' })]),
    ).toBeUndefined();
  });

  it('accepts every share of a holding sold, to the last fraction', () => {
    const fractional = [
      entry('2024-02-01', 'buy', { symbol: 'CCC', quantity: '0.33333333', price: '30' }),
      entry('2024-02-02', 'buy', { symbol: 'CCC', quantity: '0.66666667', price: '31' }),
      entry('2024-02-05', 'sell', { symbol: 'CCC', quantity: '1', price: '32' }),
    ];
    expect(findLedgerProblem(fractional)).toBeUndefined();
    const figures = portfolioFigures(fractional, new Map(), null);
    expect(figures.holdings).toEqual([]);
    // 32 - (0.33333333 x 30 + 0.66666667 x 31) = 32 - 30.66666667 = 1.33333333
    expect(figures.closed[0]!.realisedGain.toFixed()).toBe('1.33333333');
  });
});
