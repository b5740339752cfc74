import type { EarningsDate, EarningsResult, Filing, NewsItem } from '@tickerwise/shared';
import type { CallLimit } from '../upstream/upstream.ts';

/**
 * Where research comes from, each behind its own small interface so a provider can be
 * swapped (and faked in tests at the HTTP level, speaking the real wire format). Every
 * failure is an UpstreamError.
 */

/** Company news: Finnhub's `/company-news`. */
export interface NewsProvider {
  readonly source: 'finnhub';
  /** Headlines about `symbol` published on the days `from` to `to` (YYYY-MM-DD), any order. */
  companyNews(symbol: string, from: string, to: string, signal: AbortSignal): Promise<NewsItem[]>;
}

/** Earnings: Finnhub's `/calendar/earnings` and `/stock/earnings`; two calls. */
export interface EarningsProvider {
  readonly source: 'finnhub';
  /** Reports scheduled on the days `from` to `to`. */
  calendar(symbol: string, from: string, to: string, signal: AbortSignal): Promise<EarningsDate[]>;
  /** Reported quarters, any order (Finnhub's free plan: the last four). */
  history(symbol: string, signal: AbortSignal): Promise<EarningsResult[]>;
}

/** SEC filings: EDGAR's `submissions/CIK##########.json`. */
export interface FilingsProvider {
  readonly source: 'sec_edgar';
  readonly limits: readonly CallLimit[];
  /** The company's recent filings of the listed forms, any order. */
  filings(cik: string, signal: AbortSignal): Promise<Filing[]>;
  /**
   * The plain text of a listed filing's main document (`Filing.url`, on EDGAR's archive),
   * at most `maxChars` characters of it.
   */
  documentText(filing: Filing, maxChars: number, signal: AbortSignal): Promise<string>;
}
