import type { ListedSymbol } from '../reference/universe.ts';
import { normaliseText } from './search-index.ts';

/**
 * Names investors search by that are not in a security's own name (docs/PRODUCT.md §3.12):
 * an index's common names for the funds that follow it, a brand for its company, a fund
 * family for its funds.
 */
const aliasTable: Readonly<Record<string, readonly string[]>> = {
  's&p 500': ['SPY', 'VOO', 'IVV'],
  'sp 500': ['SPY', 'VOO', 'IVV'],
  sp500: ['SPY', 'VOO', 'IVV'],
  nasdaq: ['QQQ'],
  'nasdaq 100': ['QQQ'],
  dow: ['DIA'],
  'dow jones': ['DIA'],
  'russell 2000': ['IWM'],
  'total stock market': ['VTI'],
  google: ['GOOGL', 'GOOG'],
  facebook: ['META'],
};

/** Fund families by the word their funds' names carry. */
const fundFamilies: Readonly<Record<string, string>> = {
  ishares: 'blackrock',
  spdr: 'state street',
};

/**
 * The aliases of one listed security: the table's, the index a fund follows (its focus names
 * it in brackets, as "Large blend (S&P 500)"), and its fund family's name.
 */
export function aliasesOf(
  listing: Pick<ListedSymbol, 'symbol' | 'name' | 'type' | 'industry'>,
): string[] {
  const aliases = Object.entries(aliasTable)
    .filter(([, symbols]) => symbols.includes(listing.symbol))
    .map(([alias]) => alias);
  if (listing.type === 'etf') {
    const index = /\(([^)]+)\)/.exec(listing.industry ?? '')?.[1];
    if (index) aliases.push(normaliseText(index));
    const words = normaliseText(listing.name).split(' ');
    for (const [word, family] of Object.entries(fundFamilies)) {
      if (words.includes(word)) aliases.push(family);
    }
  }
  return [...new Set(aliases)];
}
