import type { ProviderQuote } from '../adapters/market-provider.ts';

/** A quote as the server keeps it: the provider's figures and when they were taken in. */
export interface CachedQuote extends ProviderQuote {
  /** When the server took this price in: the upstream answer, or the trade from the stream. */
  fetchedAt: number;
}
