import { describe, expect, it } from 'vitest';
import fidelity from '../test/fixtures/broker-exports/fidelity-history.csv?raw';
import ibkr from '../test/fixtures/broker-exports/ibkr-flex-trades.csv?raw';
import schwab from '../test/fixtures/broker-exports/schwab-transactions.csv?raw';
import trading212 from '../test/fixtures/broker-exports/trading212-history.csv?raw';
import { parseCsv } from './csv.ts';
import {
  type BrokerPresetId,
  brokerPresets,
  detectBrokerPreset,
  findHeaderRow,
  guessBrokerMapping,
  guessDateOrder,
  isTemplateHeader,
  noteRowReason,
  parseImportDate,
  presetFeeColumns,
  presetMapping,
  readBrokerAction,
} from './portfolio-import.ts';

describe('reading a broker export', () => {
  it('proposes a mapping from the headers brokers write', () => {
    expect(
      guessBrokerMapping([
        'Trade Date',
        'Action',
        'Symbol',
        'Description',
        'Quantity',
        'Price ($)',
        'Commission',
      ]),
    ).toEqual({
      date: 'Trade Date',
      symbol: 'Symbol',
      side: 'Action',
      quantity: 'Quantity',
      price: 'Price ($)',
      fees: 'Commission',
    });
    expect(guessBrokerMapping(['When', 'What'])).toEqual({});
    // Interactive Brokers' and Fidelity's commission columns are proposed as fees.
    expect(guessBrokerMapping(['Date', 'Symbol', 'Quantity', 'Price', 'Commission ($)'])).toEqual({
      date: 'Date',
      symbol: 'Symbol',
      quantity: 'Quantity',
      price: 'Price',
      fees: 'Commission ($)',
    });
    expect(
      guessBrokerMapping(['TradeDate', 'Symbol', 'Quantity', 'TradePrice', 'IBCommission']),
    ).toMatchObject({ date: 'TradeDate', price: 'TradePrice', fees: 'IBCommission' });
  });

  it('tells our template from another file', () => {
    expect(isTemplateHeader(['Date', 'TYPE', 'symbol'])).toBe(true);
    expect(isTemplateHeader(['Trade Date', 'Action'])).toBe(false);
  });

  it('guesses the date order from the values', () => {
    expect(guessDateOrder(['2024-01-31'])).toBe('ymd');
    expect(guessDateOrder(['01/02/2024', '01/31/2024'])).toBe('mdy');
    expect(guessDateOrder(['31/01/2024', '01/02/2024'])).toBe('dmy');
    expect(guessDateOrder(['01/02/2024'])).toBe('mdy');
    expect(guessDateOrder(['20230403', '20231128'])).toBe('ymd');
  });

  it('guesses the date order from dates only, not from total lines and notes under them', () => {
    expect(
      guessDateOrder(['01/02/2024', '01/03/2024', 'Total', '2024 totals: 14 trades', '31 rows']),
    ).toBe('mdy');
    expect(guessDateOrder(['02/01/2024', '25/01/2024', 'Total 12/31'])).toBe('dmy');
  });

  it('reads dates in the chosen order and refuses days that do not exist', () => {
    expect(parseImportDate('2024-1-5', 'ymd')).toBe('2024-01-05');
    expect(parseImportDate('2024-01-05T14:30:00Z', 'ymd')).toBe('2024-01-05');
    expect(parseImportDate('1/5/2024', 'mdy')).toBe('2024-01-05');
    expect(parseImportDate('5.1.2024', 'dmy')).toBe('2024-01-05');
    expect(parseImportDate('1/5/24', 'mdy')).toBe('2024-01-05');
    expect(parseImportDate('02/30/2024', 'mdy')).toBeUndefined();
    expect(parseImportDate('2024-01-05', 'mdy')).toBeUndefined();
    expect(parseImportDate('yesterday', 'ymd')).toBeUndefined();
  });

  it('reads compact dates, and dates followed by a time or a note', () => {
    for (const order of ['ymd', 'mdy', 'dmy'] as const) {
      expect(parseImportDate('20230403', order)).toBe('2023-04-03');
    }
    expect(parseImportDate('20230403;101522', 'ymd')).toBe('2023-04-03');
    expect(parseImportDate('20231302', 'ymd')).toBeUndefined();
    expect(parseImportDate('2023-04-03, 10:15:22', 'ymd')).toBe('2023-04-03');
    expect(parseImportDate('03/01/2024 as of 02/29/2024', 'mdy')).toBe('2024-03-01');
  });
});

describe('lines under the data', () => {
  it('are total lines or notes only when their date is no date', () => {
    expect(noteRowReason(['Transactions Total', '', '', '$1,236.74'], 'Transactions Total')).toBe(
      'A total line, not a transaction.',
    );
    expect(noteRowReason(['Trades', 'Total', '', '-1645'], '')).toBe(
      'A total line, not a transaction.',
    );
    expect(noteRowReason(['"Date downloaded 06/10/2024 9:02 am"'], 'Date downloaded')).toBe(
      'A line of notes, not a transaction.',
    );
    // A trade with a mistyped date is an error to fix, whatever its description says.
    expect(noteRowReason(['2024-13-01', 'Buy', 'TTE', 'TOTAL SE', '3'], '2024-13-01')).toBe(
      undefined,
    );
    expect(noteRowReason(['Total'], '01/02/2024')).toBeUndefined();
  });
});

describe('the action words of brokers', () => {
  const kind = (text: string, preset?: BrokerPresetId) => {
    const meaning = readBrokerAction(text, preset);
    return meaning && ('kind' in meaning ? meaning.kind : 'left out');
  };

  it('reads every common action as one of our kinds', () => {
    const expected: Record<string, string> = {
      Buy: 'buy',
      Bought: 'buy',
      'YOU BOUGHT APPLE INC (AAPL) (Cash)': 'buy',
      'Reinvest Shares': 'buy',
      'REINVESTMENT FIDELITY GOVERNMENT MONEY MARKET (SPAXX) (Cash)': 'buy',
      'Market buy': 'buy',
      'Limit buy': 'buy',
      B: 'buy',
      Sell: 'sell',
      Sold: 'sell',
      'YOU SOLD APPLE INC (AAPL) (Cash)': 'sell',
      'Market sell': 'sell',
      'Reinvest Dividend': 'dividend',
      'Qualified Dividend': 'dividend',
      'Cash Dividend': 'dividend',
      'Qual Div Reinvest': 'dividend',
      'Dividend (Dividend)': 'dividend',
      'Long Term Cap Gain': 'dividend',
      'DIVIDEND RECEIVED BEST BUY CO INC (BBY) (Cash)': 'dividend',
      'Stock Split': 'split',
      'Reverse Split': 'split',
      'Wire Funds Received': 'deposit',
      'ACH Deposit': 'deposit',
      Deposit: 'deposit',
      'Electronic Funds Transfer Received (Cash)': 'deposit',
      'Wire Sent': 'withdrawal',
      'ACH Withdrawal': 'withdrawal',
      Withdrawal: 'withdrawal',
      'Electronic Funds Transfer Paid (Cash)': 'withdrawal',
      Journal: 'cash',
      'MoneyLink Transfer': 'cash',
      'Service Fee': 'fee',
      'ADR Mgmt Fee': 'fee',
      'Foreign Tax Paid': 'fee',
      'Credit Interest': 'left out',
      'Interest on cash': 'left out',
      'Security Transfer': 'left out',
    };
    const read = Object.fromEntries(Object.keys(expected).map((text) => [text, kind(text)]));
    expect(read).toEqual(expected);
    expect(kind('Merger')).toBeUndefined();
    expect(kind('')).toBeUndefined();
  });

  it('leaves out what the ledger does not record, saying why', () => {
    expect(readBrokerAction('Credit Interest')).toEqual({
      leaveOut: 'Interest is not a kind of transaction the ledger records.',
    });
    expect(readBrokerAction('Cash In Lieu', 'schwab')).toHaveProperty('leaveOut');
  });
});

describe('broker presets, each with a sample of its export', () => {
  const samples: Record<BrokerPresetId, string> = { schwab, trading212, ibkr, fidelity };

  /** The sample read as the import reads it: its header row, mapping and data rows. */
  function read(id: BrokerPresetId) {
    const rows = parseCsv(samples[id]);
    const at = findHeaderRow(rows);
    const headers = rows[at]!.map((cell) => cell.trim());
    const mapping = presetMapping(id, headers);
    const column = (header: string | undefined) =>
      header === undefined ? -1 : headers.indexOf(header);
    const data = rows.slice(at + 1);
    const dates = data.map((cells) => cells[column(mapping.date)] ?? '');
    return { headers, mapping, data, dates, column };
  }

  it('are told apart by their headers, above any title or blank lines', () => {
    for (const id of Object.keys(samples) as BrokerPresetId[]) {
      const { headers } = read(id);
      expect(detectBrokerPreset(headers), id).toBe(id);
    }
    expect(detectBrokerPreset(['Date', 'Action', 'Symbol'])).toBeUndefined();
  });

  it('map every column they need, and the date order of their dates', () => {
    for (const id of Object.keys(samples) as BrokerPresetId[]) {
      const { mapping, dates } = read(id);
      for (const field of ['date', 'symbol', 'quantity', 'price'] as const) {
        expect(mapping[field], `${id} ${field}`).toBeDefined();
      }
      expect(guessDateOrder(dates), id).toBe(brokerPresets[id].dateOrder);
    }
    expect(read('schwab').mapping).toEqual({
      date: 'Date',
      symbol: 'Symbol',
      side: 'Action',
      quantity: 'Quantity',
      price: 'Price',
      amount: 'Amount',
      fees: 'Fees & Comm',
    });
    // Interactive Brokers' trades give the side by the sign of the quantity alone.
    expect(read('ibkr').mapping).toEqual({
      date: 'TradeDate',
      symbol: 'Symbol',
      quantity: 'Quantity',
      price: 'TradePrice',
      amount: 'NetCash',
      fees: 'IBCommission',
    });
    const fidelityFile = read('fidelity');
    expect(fidelityFile.mapping.fees).toBe('Commission ($)');
    expect(presetFeeColumns('fidelity', fidelityFile.headers, fidelityFile.mapping)).toEqual([
      'Fees ($)',
    ]);
  });

  it('know every action word of their samples, and every line under the data is a note', () => {
    for (const id of Object.keys(samples) as BrokerPresetId[]) {
      const { mapping, data, column } = read(id);
      for (const cells of data) {
        const date = cells[column(mapping.date)] ?? '';
        if (noteRowReason(cells, date)) continue;
        expect(parseImportDate(date, brokerPresets[id].dateOrder), `${id}: ${date}`).toBeDefined();
        const action = mapping.side ? (cells[column(mapping.side)] ?? '') : '';
        if (action) expect(readBrokerAction(action, id), `${id}: ${action}`).toBeDefined();
      }
    }
    const notes = (id: BrokerPresetId) =>
      read(id)
        .data.map((cells) =>
          noteRowReason(cells, cells[read(id).column(read(id).mapping.date)] ?? ''),
        )
        .filter(Boolean);
    expect(notes('schwab')).toEqual(['A total line, not a transaction.']);
    expect(notes('fidelity')).toEqual([
      'A line of notes, not a transaction.',
      'A line of notes, not a transaction.',
      'A line of notes, not a transaction.',
    ]);
    expect(notes('trading212')).toEqual([]);
  });
});
