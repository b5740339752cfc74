import type { PricePoint, StockSymbol } from '@tickerwise/shared';

export interface ProviderQuote {
  /** Current price; 0 when the provider knows none (Finnhub answers zeros for unknown symbols). */
  price: number;
  previousClose: number;
  /** Shares traded today, or null when the provider does not report it (Finnhub's /quote). */
  volume: number | null;
}

/** At most `calls` upstream calls in any `perMs` window. */
export interface CallLimit {
  calls: number;
  perMs: number;
}

/** A source of quotes and daily history; the market cache is its only caller. */
export interface MarketProvider {
  /** The provider's call limits; empty when it has none. */
  readonly limits: readonly CallLimit[];
  quote(symbol: StockSymbol, signal: AbortSignal): Promise<ProviderQuote>;
  /**
   * Daily closes between `fromMs` and `toMs`, oldest first, or null when the provider has none
   * for this account (a free Finnhub key): the caller then uses the synthetic series.
   */
  dailyCloses(
    symbol: StockSymbol,
    range: { fromMs: number; toMs: number },
    signal: AbortSignal,
  ): Promise<PricePoint[] | null>;
}

export type UpstreamFailure =
  | 'timeout'
  | 'network'
  | 'rate_limited'
  | 'server_error'
  | 'rejected'
  | 'bad_response';

/** The provider did not give a usable answer; the cache serves the last good value instead. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    message: string,
  ) {
    super(message);
  }
}
