import type { SecurityType } from '@tickerwise/shared';
import secCiks from './sec-ciks.json' with { type: 'json' };
import universe from './universe.json' with { type: 'json' };

/** One security of the reference list (see reference/README.md for where it comes from). */
export interface ListedSymbol {
  symbol: string;
  name: string;
  exchange: string | null;
  type: SecurityType;
  /** GICS sector for stocks; asset class for ETFs. */
  sector: string | null;
  /** GICS sub-industry for stocks; focus for ETFs. */
  industry: string | null;
  /** Shown on the ETFs page. */
  featured?: boolean;
}

export const listedSymbols: readonly ListedSymbol[] = universe as ListedSymbol[];

const bySymbol = new Map(listedSymbols.map((entry) => [entry.symbol, entry]));

export function listedSymbol(symbol: string): ListedSymbol | undefined {
  return bySymbol.get(symbol);
}

/** The ETFs page: the featured major ETFs, in the list's order. */
export const featuredEtfs: readonly ListedSymbol[] = listedSymbols.filter(
  (entry) => entry.type === 'etf' && entry.featured,
);

const ciks = secCiks as Record<string, string>;

/** The SEC Central Index Key (ten digits) of a listed stock, for its EDGAR filings. */
export function secCik(symbol: string): string | undefined {
  return ciks[symbol];
}
