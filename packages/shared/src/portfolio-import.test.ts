import { describe, expect, it } from 'vitest';
import {
  guessBrokerMapping,
  guessDateOrder,
  isTemplateHeader,
  parseImportDate,
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
});
