import type { DataSource } from '@tickerwise/shared';
import type { CallLimit } from '../upstream/upstream.ts';

/** One trading day as a source reports it (US dollars; volume in shares, 0 when unknown). */
export interface ProviderBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface BarsAnswer {
  bars: ProviderBar[];
  /**
   * The source changed its past prices (a split or dividend: adjusted history moves), so the
   * stored history of this symbol should be fetched again whole.
   */
  historyRevised?: boolean;
}

/** A source of daily history; the history service is its only caller. */
export interface BarsProvider {
  readonly source: DataSource;
  readonly limits: readonly CallLimit[];
  /**
   * Bars from `from` through `to` (exchange dates, inclusive), oldest first; null when this
   * account is not allowed daily history at all (a free Finnhub key).
   */
  dailyBars(
    symbol: string,
    range: { from: string; to: string },
    signal: AbortSignal,
  ): Promise<BarsAnswer | null>;
}
