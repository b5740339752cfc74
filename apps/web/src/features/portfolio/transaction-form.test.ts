import type { Transaction } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { blankForm, fieldsOf, formOf, localToday, tradeTotal } from './transaction-form.ts';

describe('the transaction form', () => {
  it('asks each kind for its own fields', () => {
    expect(fieldsOf('buy')).toEqual(['symbol', 'quantity', 'price', 'fees']);
    expect(fieldsOf('dividend')).toEqual(['symbol', 'amount', 'fees']);
    expect(fieldsOf('split')).toEqual(['symbol', 'split']);
    expect(fieldsOf('withdrawal')).toEqual(['amount']);
  });

  it('is dated today where the user is, not in UTC', () => {
    // 23:30 on March 1 in New York is already March 2 in UTC.
    const lateEvening = new Date('2024-03-02T04:30:00Z');
    const offset = lateEvening.getTimezoneOffset();
    expect(localToday(lateEvening)).toBe(
      new Date(lateEvening.getTime() - offset * 60_000).toISOString().slice(0, 10),
    );
    expect(blankForm('deposit', '2024-03-01')).toMatchObject({
      kind: 'deposit',
      date: '2024-03-01',
    });
  });

  it('opens a stored transaction for editing as it was typed', () => {
    const split: Transaction = {
      id: 't1',
      portfolioId: 'p1',
      kind: 'split',
      date: '2024-06-10',
      symbol: 'NVDA',
      quantity: null,
      price: null,
      amount: null,
      fees: '0',
      splitTo: 10,
      splitFrom: 1,
      note: null,
      cashEffect: '0',
      createdAt: '2024-06-10T12:00:00.000Z',
      enteredBy: null,
    };
    expect(formOf(split)).toMatchObject({
      symbol: 'NVDA',
      splitTo: '10',
      splitFrom: '1',
      fees: '',
    });
  });

  it('shows what a trade comes to with its fees while it is typed', () => {
    const form = { ...blankForm('buy'), quantity: '1,000', price: '12.5', fees: '4.95' };
    expect(tradeTotal(form)).toBeCloseTo(12504.95, 6);
    expect(tradeTotal({ ...form, kind: 'sell' })).toBeCloseTo(12495.05, 6);
    expect(tradeTotal({ ...form, price: '' })).toBeNull();
    expect(tradeTotal({ ...form, kind: 'deposit' })).toBeNull();
  });
});
