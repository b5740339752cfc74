import { describe, expect, it } from 'vitest';
import { listedSymbols } from '../reference/universe.ts';
import { normaliseText, SearchIndex } from './search-index.ts';
import { searchHints } from './service.ts';

const index = new SearchIndex(listedSymbols, searchHints);
const symbols = (query: string, limit = 8) => index.search(query, limit).map((item) => item.symbol);

describe('searching the symbol universe', () => {
  it('holds the S&P 500 and the major ETFs', () => {
    expect(index.size).toBeGreaterThanOrEqual(550);
    for (const etf of ['SPY', 'QQQ', 'DIA', 'IWM', 'VTI', 'VOO', 'VEA', 'VWO', 'AGG', 'BND']) {
      expect(index.has(etf)).toBe(true);
    }
    for (const etf of ['GLD', 'TLT', 'XLK', 'XLF', 'XLE', 'XLV']) expect(index.has(etf)).toBe(true);
  });

  it('puts the exact symbol first, then symbols starting with the query', () => {
    expect(symbols('A')[0]).toBe('A');
    expect(symbols('aapl')).toEqual(['AAPL']);
    const ma = symbols('ma', 20);
    expect(ma[0]).toBe('MA');
    // Symbol prefixes come before names, shorter symbols first.
    const prefixed = ma.slice(1).filter((symbol) => symbol.startsWith('MA'));
    expect(ma.slice(1, prefixed.length + 1)).toEqual(prefixed);
    const lengths = prefixed.map((symbol) => symbol.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  });

  it('finds companies by the words of their name, ignoring case', () => {
    expect(symbols('alphabet')).toEqual(['GOOG', 'GOOGL']);
    expect(symbols('MICROSOFT')).toContain('MSFT');
    expect(symbols('berkshire')).toEqual(['BRK.B']);
    expect(symbols('gold')).toEqual(expect.arrayContaining(['GLD', 'IAU']));
  });

  it('finds funds by "s&p"', () => {
    const found = symbols('s&p', 20);
    expect(found).toContain('SPY');
    expect(found).toContain('VOO');
    expect(symbols('s&p 500')).toContain('SPY');
  });

  it('ranks names and aliases by how widely held they are, not alphabetically', () => {
    // "s&p" is no symbol's start: the S&P 500 funds come first, never Simon Property (SPG).
    const sp = symbols('s&p');
    expect(sp.slice(0, 3)).toEqual(['VOO', 'SPY', 'IVV']);
    expect(sp).not.toContain('SPG');
    expect(symbols('s&p 500').slice(0, 3)).toEqual(['VOO', 'SPY', 'IVV']);
    expect(symbols('sp500')).toEqual(['VOO', 'SPY', 'IVV']);
    // Vanguard's largest funds are kept, whatever their letters.
    expect(symbols('vanguard').slice(0, 3)).toEqual(['VOO', 'VTI', 'VEA']);
    expect(symbols('nasdaq')[0]).toBe('QQQ');
    // The exact symbol stays first: Dow Inc., then the Dow Jones fund.
    expect(symbols('dow').slice(0, 2)).toEqual(['DOW', 'DIA']);
    expect(symbols('blackrock').slice(0, 2)).toEqual(['IVV', 'IEFA']);
    expect(symbols('google')).toEqual(['GOOG', 'GOOGL']);
    // Among names, the largest company first.
    expect(symbols('micro')[0]).toBe('MSFT');
  });

  it('ignores accents and punctuation', () => {
    expect(normaliseText('Nestlé S.A.')).toBe('nestle s a');
    const accented = new SearchIndex([
      { symbol: 'NSRGY', name: 'Nestlé S.A.', type: 'stock' as const },
    ]);
    expect(accented.search('nestle', 5).map((item) => item.symbol)).toEqual(['NSRGY']);
    expect(accented.search('NESTLÉ', 5).map((item) => item.symbol)).toEqual(['NSRGY']);
  });

  it('finds a share class however it is typed', () => {
    expect(symbols('brk.b')[0]).toBe('BRK.B');
    expect(symbols('BRK-B')[0]).toBe('BRK.B');
    expect(symbols('brkb')[0]).toBe('BRK.B');
  });

  it('returns nothing for nothing, and respects the limit', () => {
    expect(symbols('   ')).toEqual([]);
    expect(symbols('zzzzqqq')).toEqual([]);
    expect(symbols('inc', 3)).toHaveLength(3);
  });
});
