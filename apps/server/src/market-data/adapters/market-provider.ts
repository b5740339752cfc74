import type { CompanyProfile, DataSource, KeyMetrics } from '@tickerwise/shared';
import type { CallLimit } from '../upstream/upstream.ts';

export interface ProviderQuote {
  /** Current price; 0 when the provider knows none (Finnhub answers zeros for unknown symbols). */
  price: number;
  previousClose: number;
  /** Shares traded today, or null when the provider does not report it (Finnhub's /quote). */
  volume: number | null;
  /** The day's open, high and low so far, when the provider reports them. */
  open?: number;
  high?: number;
  low?: number;
  /** When the provider last saw a trade (epoch ms), when it says. */
  tradedAt?: number;
}

/** Profile and key metrics as a provider gives them; any figure may be missing. */
export interface ProviderCompanyData {
  profile: {
    [Field in Exclude<keyof CompanyProfile, 'symbol' | 'type'>]?: CompanyProfile[Field] | null;
  };
  metrics: Partial<KeyMetrics>;
}

/** One intraday bar as a provider reports it: `start` is the instant it begins (epoch ms). */
export interface ProviderIntradayBar {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Shares traded in the bar; 0 when unknown. */
  volume: number;
}

/** One security a provider's search found. */
export interface ProviderSymbolMatch {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
}

/** Where a real market's intraday bars come from: the market provider, or Tiingo's IEX prices. */
export interface IntradayBarsSource {
  readonly source: DataSource;
  /**
   * Bars of `intervalMinutes` that start from `from` to `to` (epoch ms), oldest first; null
   * when this account gets no intraday bars (a free Finnhub key, a key Tiingo refuses).
   */
  intradayBars(
    symbol: string,
    window: { from: number; to: number; intervalMinutes: number },
    signal: AbortSignal,
  ): Promise<ProviderIntradayBar[] | null>;
}

/**
 * A source of quotes, and for real providers company data and symbol search; the market
 * service and the symbol search are its only callers, through one shared call budget.
 */
export interface MarketProvider {
  readonly source: DataSource;
  /** The provider's call limits; empty when it has none. */
  readonly limits: readonly CallLimit[];
  quote(symbol: string, signal: AbortSignal): Promise<ProviderQuote>;
  /**
   * The quote at a past instant, for a provider that can tell it exactly (the simulated one);
   * others are served from the prices the server took in.
   */
  quoteAt?(symbol: string, instant: number): ProviderQuote;
  /** Undefined for the simulated provider, whose figures are derived from its own prices. */
  companyData?(symbol: string, signal: AbortSignal): Promise<ProviderCompanyData>;
  search?(query: string, signal: AbortSignal): Promise<ProviderSymbolMatch[]>;
  /**
   * Intraday bars (Finnhub's candles, for keys that have them). The simulated provider has
   * none to fetch: its bars are read from `quoteAt`.
   */
  intradayBars?: IntradayBarsSource['intradayBars'];
}
