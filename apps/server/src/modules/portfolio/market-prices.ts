import type { MarketViewer } from '../../market-data/index.ts';
import type { SecurityFacts } from './domain/allocation.ts';
import type { PriceNow } from './domain/holdings.ts';
import type { CloseSeries } from './domain/valuation.ts';
import type { SymbolCheck } from './transactions.ts';

/** Stored daily closes of several securities, and where they stand. */
export interface StoredCloses {
  series: Map<string, CloseSeries>;
  /** Every source the closes came from. */
  sources: string[];
  /** The last day any of them covers. */
  asOf: string | null;
  /** Some history could not be brought up to date. */
  stale: boolean;
  /** Changes whenever any of the stored histories may have (new bars, a revised past). */
  fingerprint: string;
}

/**
 * What the portfolio needs from market data: the market module's services behind one small
 * interface, so the rules here do not depend on how prices are fetched or stored.
 */
export interface MarketPrices {
  /** The latest price of each symbol that has one, and the trading day they belong to. */
  latest(
    symbols: readonly string[],
  ): Promise<{ prices: Map<string, PriceNow>; session: string | null }>;
  /** Split-adjusted daily closes from `from` (YYYY-MM-DD) on. */
  closes(symbols: readonly string[], from: string): Promise<StoredCloses>;
  /** Name, type and sector of each symbol the directory knows. */
  facts(symbols: readonly string[]): Promise<Map<string, SecurityFacts & { symbol: string }>>;
  /** The symbols of a list that no source knows. */
  unknown: SymbolCheck;
  /** The benchmark performance is drawn against; its stored days are the trading calendar. */
  readonly benchmark: string;
  /** Today's date (UTC), for where ranges start. */
  today(): string;
  /** The same, with prices and closes as `viewer`'s plan may see them. */
  for(viewer: MarketViewer): MarketPrices;
}
