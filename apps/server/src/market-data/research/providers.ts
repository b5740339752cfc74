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

/** A document of a filing other than its main one, as the filing's index declares it. */
export interface FilingExhibit {
  /** The filer's declared document type: `EX-99.1`, `EX-99.2`, `EX-99`. */
  type: string;
  /** Its file name in the filing's folder of the archive. */
  document: string;
  /** The filer's description ("PRESS RELEASE DATED OCTOBER 30, 2025"), possibly empty. */
  description: string;
}

/** SEC filings: EDGAR's `submissions/CIK##########.json`. */
export interface FilingsProvider {
  readonly source: 'sec_edgar';
  readonly limits: readonly CallLimit[];
  /** The company's recent filings of the listed forms, any order. */
  filings(cik: string, signal: AbortSignal): Promise<Filing[]>;
  /**
   * The plain text of a listed filing's main document (`Filing.url`, on EDGAR's archive), or
   * of `document` in the same filing's folder, at most `maxChars` characters of it.
   */
  documentText(
    filing: Filing,
    maxChars: number,
    signal: AbortSignal,
    document?: string,
  ): Promise<string>;
  /**
   * The exhibits 99 (press releases, shareholder letters) of a listed filing, in the order the
   * filing lists them, from its index; [] when it has none. An index that cannot be read as
   * EDGAR writes it is an UpstreamError (`bad_response`).
   */
  pressReleases(filing: Filing, signal: AbortSignal): Promise<FilingExhibit[]>;
}
