import { z } from 'zod';

/**
 * Research around a stock's prices: company news (Finnhub's `/company-news`), earnings dates
 * and results (Finnhub's `/calendar/earnings` and `/stock/earnings`) and SEC filings (EDGAR's
 * submissions JSON). Each answer says where it came from and as of when, and when it has
 * nothing, why.
 */

/** Who gave the figures: Finnhub, or the SEC's EDGAR system. */
export const researchSourceSchema = z.enum(['finnhub', 'sec_edgar']);
export type ResearchSource = z.infer<typeof researchSourceSchema>;

export const researchSourceText: Record<ResearchSource, string> = {
  finnhub: 'Finnhub',
  sec_edgar: 'SEC EDGAR',
};

/**
 * `ok`: fetched within its time to keep; `stale`: the source could not be reached or is out of
 * calls, and these are the figures of `asOf`; `unavailable`: the source failed and nothing is
 * kept; `not_offered`: this server has no such source (it runs offline, or the security has
 * none: a fund files no 10-K).
 */
export const researchStatusSchema = z.enum(['ok', 'stale', 'unavailable', 'not_offered']);
export type ResearchStatus = z.infer<typeof researchStatusSchema>;

const researchBase = {
  symbol: z.string(),
  source: researchSourceSchema.nullable(),
  /** When the source was last asked successfully (ISO 8601); null when never. */
  asOf: z.iso.datetime().nullable(),
  status: researchStatusSchema,
  /** Why there is nothing, or why it is old; null when `ok`. */
  message: z.string().nullable(),
};

export const newsItemSchema = z.object({
  headline: z.string(),
  summary: z.string(),
  /** The publisher, e.g. "Reuters". */
  publisher: z.string(),
  /** The article, an http(s) URL. */
  url: z.string(),
  publishedAt: z.iso.datetime(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** `GET /api/stocks/:symbol/news`: the last week's headlines, newest first (at most 20). */
export const newsResponseSchema = z.object({
  ...researchBase,
  items: z.array(newsItemSchema),
});
export type NewsResponse = z.infer<typeof newsResponseSchema>;

export const earningsDateSchema = z.object({
  date: z.iso.date(),
  /** `bmo` before the market opens, `amc` after it closes, `dmh` during market hours. */
  hour: z.enum(['bmo', 'amc', 'dmh']).nullable(),
  quarter: z.number().int().min(1).max(4),
  year: z.number().int(),
  epsEstimate: z.number().nullable(),
  /** US dollars. */
  revenueEstimate: z.number().nullable(),
});
export type EarningsDate = z.infer<typeof earningsDateSchema>;

export const earningsResultSchema = z.object({
  /** The fiscal quarter's last day. */
  period: z.iso.date(),
  quarter: z.number().int().min(1).max(4),
  year: z.number().int(),
  epsActual: z.number().nullable(),
  epsEstimate: z.number().nullable(),
  /** Actual minus estimate, US dollars per share. */
  surprise: z.number().nullable(),
  surprisePercent: z.number().nullable(),
});
export type EarningsResult = z.infer<typeof earningsResultSchema>;

/** `GET /api/stocks/:symbol/earnings`: the next report (within 90 days) and past quarters. */
export const earningsResponseSchema = z.object({
  ...researchBase,
  next: earningsDateSchema.nullable(),
  /** Newest first. */
  history: z.array(earningsResultSchema),
});
export type EarningsResponse = z.infer<typeof earningsResponseSchema>;

/** The forms listed: annual and quarterly reports and current reports. */
export const filingForms = ['10-K', '10-Q', '8-K'] as const;
export const filingFormSchema = z.enum(filingForms);
export type FilingForm = z.infer<typeof filingFormSchema>;

export const filingFormText: Record<FilingForm, string> = {
  '10-K': 'Annual report',
  '10-Q': 'Quarterly report',
  '8-K': 'Current report',
};

export const filingSchema = z.object({
  form: filingFormSchema,
  filedOn: z.iso.date(),
  /** The period the report covers; null when EDGAR gives none. */
  reportDate: z.iso.date().nullable(),
  accessionNumber: z.string(),
  /** EDGAR's description of the main document, e.g. "10-Q"; may be empty. */
  description: z.string(),
  /** The filing's main document on www.sec.gov. */
  url: z.string(),
});
export type Filing = z.infer<typeof filingSchema>;

/** `GET /api/stocks/:symbol/filings`: the latest 10-K, 10-Q and 8-K filings (at most 20). */
export const filingsResponseSchema = z.object({
  ...researchBase,
  /** The company's SEC Central Index Key, ten digits; null when it has none on file. */
  cik: z.string().nullable(),
  items: z.array(filingSchema),
});
export type FilingsResponse = z.infer<typeof filingsResponseSchema>;

/** How many days ahead "Earnings this week" looks, today included. */
export const earningsWeekDays = 7;
/** Symbols "Earnings this week" checks at most: held ones first, then watched ones. */
export const earningsWeekSymbolLimit = 100;

/** One report in "Earnings this week": the stock, why it is listed, and when it reports. */
export const earningsWeekItemSchema = earningsDateSchema.extend({
  symbol: z.string(),
  name: z.string(),
  /** A real portfolio of the user's holds shares of it. */
  held: z.boolean(),
  /** One of the user's watchlists (or the team's) lists it. */
  watched: z.boolean(),
});
export type EarningsWeekItem = z.infer<typeof earningsWeekItemSchema>;

/**
 * `GET /api/earnings/week`: the reports scheduled from `from` to `to` (today and the six days
 * after, New York) of the stocks the user holds or watches, soonest first. `status`, `asOf`
 * and `message` speak of the answers read: `stale` when some are older figures kept through
 * an outage (`asOf` is the oldest), `unavailable` when the source could not be reached for
 * any, `not_offered` when this server has no earnings source.
 */
export const earningsWeekSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Stocks of the user's portfolios and watchlists (funds report no earnings). */
  stocks: z.number().int().nonnegative(),
  /** How many of them were checked (at most `earningsWeekSymbolLimit`). */
  checked: z.number().int().nonnegative(),
  source: researchSourceSchema.nullable(),
  asOf: z.iso.datetime().nullable(),
  status: researchStatusSchema,
  message: z.string().nullable(),
  /** Symbols whose dates could not be read (the source failed and nothing was kept). */
  missing: z.array(z.string()),
  items: z.array(earningsWeekItemSchema),
});
export type EarningsWeek = z.infer<typeof earningsWeekSchema>;
