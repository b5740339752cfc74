import { z } from 'zod';

/**
 * Where a figure came from: our offline simulation (never real market data), or the named
 * real provider (Finnhub for quotes and company data, Tiingo for end-of-day history).
 */
export const dataSourceSchema = z.enum(['simulated', 'finnhub', 'tiingo']);
export type DataSource = z.infer<typeof dataSourceSchema>;

export const securityTypeSchema = z.enum(['stock', 'etf']);
export type SecurityType = z.infer<typeof securityTypeSchema>;

/** A company's (or fund's) identity, as the detail page shows it. */
export const companyProfileSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  type: securityTypeSchema,
  exchange: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  /** The company's own site, an https URL. */
  website: z.string().nullable(),
  /** YYYY-MM-DD of the listing, when known. */
  ipoDate: z.iso.date().nullable(),
  /** Shares outstanding (a count, not millions). */
  sharesOutstanding: z.number().nonnegative().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/**
 * Key statistics, each null when the source does not have it. Ratios are plain numbers
 * (P/E 28.4); every `...Percent` figure is in percent (25.3 means 25.3 %). Finnhub's
 * `/stock/metric?metric=all` names are given where they map one to one.
 */
export const keyMetricsSchema = z.object({
  /** US dollars. */
  marketCap: z.number().nonnegative().nullable(),
  /** peTTM */
  peRatio: z.number().nullable(),
  /** pb */
  pbRatio: z.number().nullable(),
  /** psTTM */
  psRatio: z.number().nullable(),
  /** epsTTM, US dollars per share */
  eps: z.number().nullable(),
  /** currentDividendYieldTTM */
  dividendYieldPercent: z.number().nullable(),
  /** payoutRatioTTM */
  payoutRatioPercent: z.number().nullable(),
  beta: z.number().nullable(),
  /** 52WeekHigh / 52WeekLow, US dollars */
  yearHigh: z.number().positive().nullable(),
  yearLow: z.number().positive().nullable(),
  /** grossMarginTTM, operatingMarginTTM, netProfitMarginTTM */
  grossMarginPercent: z.number().nullable(),
  operatingMarginPercent: z.number().nullable(),
  netMarginPercent: z.number().nullable(),
  /** roeTTM */
  roePercent: z.number().nullable(),
  /** revenueGrowthTTMYoy, epsGrowthTTMYoy, revenueGrowth5Y */
  revenueGrowthPercent: z.number().nullable(),
  epsGrowthPercent: z.number().nullable(),
  revenueGrowth5yPercent: z.number().nullable(),
  /** totalDebt/totalEquityQuarterly */
  debtToEquity: z.number().nullable(),
  /** currentRatioQuarterly */
  currentRatio: z.number().nullable(),
});
export type KeyMetrics = z.infer<typeof keyMetricsSchema>;

/** Key metrics where the source knows none: every figure "not available". */
export const emptyKeyMetrics: KeyMetrics = Object.freeze(
  Object.fromEntries(Object.keys(keyMetricsSchema.shape).map((name) => [name, null])),
) as KeyMetrics;

/** `GET /api/stocks/:symbol/profile` */
export const companyDataSchema = z.object({
  profile: companyProfileSchema,
  metrics: keyMetricsSchema,
  source: dataSourceSchema,
  /** The day these figures were taken from the source (YYYY-MM-DD, UTC). */
  asOf: z.iso.date(),
  /** True when the source could not be reached today and these are the figures of `asOf`. */
  stale: z.boolean(),
});
export type CompanyData = z.infer<typeof companyDataSchema>;
