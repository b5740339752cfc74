import { describe, expect, it } from 'vitest';
import { latestTodayAnywhere, transactionInputSchema } from './portfolio.ts';

const buy = { kind: 'buy', date: '2024-03-01', symbol: 'aapl', quantity: '10', price: '150.25' };

function fieldErrors(input: unknown): Record<string, string> {
  const result = transactionInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('a transaction as the dialog and the server read it', () => {
  it('reads a buy exactly as typed, the symbol in upper case and no fees as 0', () => {
    expect(transactionInputSchema.parse(buy)).toEqual({
      kind: 'buy',
      date: '2024-03-01',
      symbol: 'AAPL',
      quantity: '10',
      price: '150.25',
      amount: null,
      fees: '0',
      splitTo: null,
      splitFrom: null,
      note: null,
    });
  });

  it('takes numbers the way people type them', () => {
    const parsed = transactionInputSchema.parse({
      ...buy,
      quantity: '1,250.5',
      price: '$ .75',
      fees: '4.',
    });
    expect([parsed.quantity, parsed.price, parsed.fees]).toEqual(['1250.5', '0.75', '4']);
    expect(transactionInputSchema.parse({ ...buy, symbol: 'brk-b' }).symbol).toBe('BRK.B');
  });

  it('does not count trailing zeros as decimals, in every number of every form', () => {
    const parsed = transactionInputSchema.parse({
      ...buy,
      quantity: '0.0290530000',
      price: '172.0900000000',
      fees: '0.150000',
    });
    expect([parsed.quantity, parsed.price, parsed.fees]).toEqual(['0.029053', '172.09', '0.15']);
    expect(
      transactionInputSchema.parse({
        kind: 'deposit',
        date: '2024-03-01',
        amount: '1000.000000',
      }).amount,
    ).toBe('1000');
    // A digit that is not a zero past the last allowed decimal still counts.
    expect(fieldErrors({ ...buy, quantity: '0.0290530010' })).toEqual({
      quantity: 'The quantity can have at most 8 decimals',
    });
  });

  it('names the field of each mistake', () => {
    expect(fieldErrors({ ...buy, quantity: '0' })).toEqual({
      quantity: 'The quantity must be more than 0',
    });
    expect(fieldErrors({ ...buy, quantity: '-5' })).toEqual({
      quantity: 'The quantity must be more than 0',
    });
    expect(fieldErrors({ ...buy, price: '0.00' })).toEqual({
      price: 'The price must be more than 0',
    });
    expect(fieldErrors({ ...buy, price: 'ten' })).toEqual({ price: 'The price must be a number' });
    expect(fieldErrors({ ...buy, price: '1,5' })).toEqual({ price: 'The price must be a number' });
    expect(fieldErrors({ ...buy, quantity: '1.123456789' })).toEqual({
      quantity: 'The quantity can have at most 8 decimals',
    });
    expect(fieldErrors({ ...buy, symbol: '' })).toEqual({ symbol: 'Enter the symbol' });
    expect(fieldErrors({ ...buy, symbol: 'NOT A TICKER' })).toEqual({
      symbol: 'Not a ticker symbol',
    });
    expect(fieldErrors({ ...buy, fees: '-1' })).toEqual({ fees: 'The fees must be 0 or more' });
    expect(fieldErrors({ ...buy, date: '01/03/2024' })).toEqual({
      date: 'Enter the date as YYYY-MM-DD',
    });
  });

  it('refuses a date in the future, but not today anywhere on Earth', () => {
    const tomorrowEverywhere = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(fieldErrors({ ...buy, date: tomorrowEverywhere })).toEqual({
      date: 'The date cannot be in the future',
    });
    expect(fieldErrors({ ...buy, date: latestTodayAnywhere() })).toEqual({});
  });

  it('asks each kind only for what it uses', () => {
    expect(
      transactionInputSchema.parse({
        kind: 'deposit',
        date: '2024-03-01',
        amount: '5000',
        symbol: 'AAPL',
        quantity: 'x',
      }),
    ).toMatchObject({
      kind: 'deposit',
      amount: '5000',
      symbol: null,
      quantity: null,
    });
    expect(fieldErrors({ kind: 'dividend', date: '2024-03-01', symbol: 'MSFT' })).toEqual({
      amount: 'Enter the amount',
    });
    expect(fieldErrors({ kind: 'withdrawal', date: '2024-03-01', amount: '0' })).toEqual({
      amount: 'The amount must be more than 0',
    });
  });

  it('reads a split as whole numbers of new and old shares that differ', () => {
    expect(
      transactionInputSchema.parse({
        kind: 'split',
        date: '2024-06-10',
        symbol: 'NVDA',
        splitTo: '10',
        splitFrom: '1',
      }),
    ).toMatchObject({ splitTo: 10, splitFrom: 1 });
    expect(
      fieldErrors({
        kind: 'split',
        date: '2024-06-10',
        symbol: 'NVDA',
        splitTo: '2',
        splitFrom: '2',
      }),
    ).toEqual({
      splitTo: 'A split changes the share count: the two numbers must differ',
    });
    expect(
      fieldErrors({
        kind: 'split',
        date: '2024-06-10',
        symbol: 'NVDA',
        splitTo: '1.5',
        splitFrom: '1',
      }),
    ).toEqual({
      splitTo: 'The new share count must be a whole number from 1 to 999999',
    });
  });
});
