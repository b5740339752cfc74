import { parseCsv, transactionInputSchema } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { proposeSetup, templateCsv, unmappedFields } from './import-setup.ts';

describe('setting up an import', () => {
  it('recognises our template and needs no mapping', () => {
    const setup = proposeSetup(templateCsv());
    expect(setup).toMatchObject({ format: 'tickerwise', mapping: {}, dateOrder: 'ymd' });
  });

  it('proposes a mapping and the date order for a broker export', () => {
    const text = [
      'Date,Action,Symbol,Description,Quantity,Price,Fees & Comm',
      '03/14/2024,Buy,AAPL,APPLE INC,10,$172.50,$0.00',
      '03/15/2024,Sell,AAPL,APPLE INC,5,$173.00,$0.65',
    ].join('\n');
    const setup = proposeSetup(text);
    expect(setup).toEqual({
      headers: ['Date', 'Action', 'Symbol', 'Description', 'Quantity', 'Price', 'Fees & Comm'],
      format: 'broker',
      mapping: {
        date: 'Date',
        side: 'Action',
        symbol: 'Symbol',
        quantity: 'Quantity',
        price: 'Price',
        fees: 'Fees & Comm',
      },
      dateOrder: 'mdy',
    });
    expect(unmappedFields(setup.mapping)).toEqual([]);
    expect(unmappedFields({ date: 'Date' })).toEqual(['symbol', 'side', 'quantity', 'price']);
  });

  it('offers a template whose every example row is a valid transaction', () => {
    const [header, ...rows] = parseCsv(templateCsv());
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows) {
      const cell = (name: string) => row[header!.indexOf(name)] ?? '';
      const [splitTo, splitFrom] = cell('ratio').split(':');
      const parsed = transactionInputSchema.safeParse({
        kind: cell('type'),
        date: cell('date'),
        symbol: cell('symbol'),
        quantity: cell('quantity'),
        price: cell('price'),
        fees: cell('fees'),
        amount: cell('amount'),
        splitTo,
        splitFrom,
        note: cell('note'),
      });
      expect(parsed.success, row.join(',')).toBe(true);
    }
  });
});
