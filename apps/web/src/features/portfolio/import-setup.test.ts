import { parseCsv, portfolioTemplateCsv, transactionInputSchema } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import fidelity from '../../../../../packages/shared/test/fixtures/broker-exports/fidelity-history.csv?raw';
import ibkr from '../../../../../packages/shared/test/fixtures/broker-exports/ibkr-flex-trades.csv?raw';
import schwab from '../../../../../packages/shared/test/fixtures/broker-exports/schwab-transactions.csv?raw';
import trading212 from '../../../../../packages/shared/test/fixtures/broker-exports/trading212-history.csv?raw';
import { proposeSetup, unmappedFields, withPreset } from './import-setup.ts';

describe('setting up an import', () => {
  it('recognises our template and needs no mapping', () => {
    const setup = proposeSetup(portfolioTemplateCsv());
    expect(setup).toMatchObject({ format: 'tickerwise', mapping: {}, dateOrder: 'ymd' });
  });

  it('proposes a mapping and the date order for a broker export', () => {
    const text = [
      'Date,Action,Symbol,Description,Quantity,Price,Fees & Comm',
      '03/14/2024,Buy,AAPL,APPLE INC,10,$172.50,$0.00',
      '03/15/2024,Sell,AAPL,APPLE INC,5,$173.00,$0.65',
    ].join('\n');
    const setup = proposeSetup(text);
    expect(setup).toMatchObject({
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
    expect(setup.preset).toBeUndefined();
    expect(unmappedFields(setup.mapping)).toEqual([]);
    // The action may stay unmapped: the sign of the quantity then tells a buy from a sell.
    expect(unmappedFields({ date: 'Date' })).toEqual(['symbol', 'quantity', 'price']);
  });

  it('recognises the exports of the brokers with a preset, below titles and blank lines', () => {
    expect(proposeSetup(schwab)).toMatchObject({
      format: 'broker',
      preset: 'schwab',
      dateOrder: 'mdy',
      mapping: { date: 'Date', side: 'Action', amount: 'Amount', fees: 'Fees & Comm' },
    });
    expect(proposeSetup(fidelity)).toMatchObject({
      preset: 'fidelity',
      dateOrder: 'mdy',
      mapping: { date: 'Run Date', price: 'Price ($)', fees: 'Commission ($)' },
    });
    expect(proposeSetup(trading212)).toMatchObject({
      preset: 'trading212',
      dateOrder: 'ymd',
      mapping: { date: 'Time', symbol: 'Ticker', quantity: 'No. of shares', amount: 'Total' },
    });
    const flex = proposeSetup(ibkr);
    expect(flex).toMatchObject({ preset: 'ibkr', dateOrder: 'ymd' });
    expect(flex.mapping.side).toBeUndefined();
    for (const text of [schwab, fidelity, trading212, ibkr]) {
      expect(unmappedFields(proposeSetup(text).mapping)).toEqual([]);
    }
  });

  it('maps a file again when the user picks another broker or none', () => {
    const setup = proposeSetup(schwab);
    const plain = withPreset(setup, undefined);
    expect(plain.preset).toBeUndefined();
    expect(plain.mapping).toMatchObject({ date: 'Date', side: 'Action', amount: 'Amount' });
    expect(withPreset(plain, 'schwab')).toEqual(setup);
  });

  it('offers a template whose every example row is a valid transaction', () => {
    const [header, ...rows] = parseCsv(portfolioTemplateCsv());
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
