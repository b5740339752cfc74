import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.ts';
import { cashScale, closeScale, priceScale, shareScale, units } from './money.ts';
import { performanceOver } from './performance.ts';
import type { CloseSeries } from './valuation.ts';

let seq = 0;
function entry(
  date: string,
  kind: LedgerEntry['kind'],
  fields: { symbol?: string; quantity?: string; price?: string; amount?: string } = {},
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
    fees: 0n,
    splitTo: null,
    splitFrom: null,
    seq,
  };
}

describe('money moved in and out on one day', () => {
  /**
   * 100 AAA bought at 100.00 with 10,000 deposited (cash 0 after). The next day AAA closes at
   * 99.00, and 50,000 is deposited and 50,000 withdrawn (cash 0 again): PRODUCT.md 3.18, Performance.
   *
   * Money in counts from the start of its day, money out at the end:
   *   invested  = 10,000 (previous close) + 50,000 (in)  = 60,000
   *   ended     =  9,900 (close)          + 50,000 (out) = 59,900
   *   day return = 59,900 / 60,000 - 1 = -100 / 60,000 = -0.1666...%
   * Netting the two flows to nothing would give 9,900 / 10,000 - 1 = -1%.
   */
  it('counts the deposit from the start of the day and the withdrawal at its end', () => {
    const ledger = [
      entry('2024-01-02', 'deposit', { amount: '10000' }),
      entry('2024-01-02', 'buy', { symbol: 'AAA', quantity: '100', price: '100' }),
      entry('2024-01-03', 'withdrawal', { amount: '50000' }),
      entry('2024-01-03', 'deposit', { amount: '50000' }),
    ];
    const calendar = ['2023-12-29', '2024-01-02', '2024-01-03'];
    const closes = new Map<string, CloseSeries>([
      [
        'AAA',
        {
          dates: ['2024-01-02', '2024-01-03'],
          closes: [units('100', closeScale), units('99', closeScale)],
        },
      ],
    ]);
    const performance = performanceOver({
      ledgers: [ledger],
      range: 'all',
      calendar,
      closes,
      benchmark: undefined,
    })!;
    const day = performance.points.at(-1)!;
    expect(day.value.toFixed(2)).toBe('9900.00');
    expect(day.flow.toFixed(2)).toBe('0.00');
    expect(day.cumulativeReturn.toDecimalPlaces(8).toString()).toBe('-0.00166667');
    expect(performance.timeWeightedReturn.toDecimalPlaces(8).toString()).toBe('-0.00166667');
  });
});
