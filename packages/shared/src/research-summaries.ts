import { z } from 'zod';
import { dataSourceSchema } from './company.ts';
import { priceFreshnessSchema } from './market.ts';
import { filingFormSchema, researchSourceSchema } from './research.ts';

/**
 * Summaries a language model writes of a stock's research (docs/PRODUCT.md §3.13): "Why it
 * moved" from the day's headlines, and a summary of a 10-K, 10-Q or 8-K from its text. Each
 * sentence names what it rests on; a summary that says anything its sources do not is never
 * shown. Only a model writes them: without one there is no summary, and nothing is charged.
 */

/**
 * `ready`: a summary is written (free to read); `not_written`: none yet, writing one uses one
 * AI credit; `no_sources`: nothing to summarise (no headlines that day, no text sections in
 * the filing), no model call; `no_model`: this server has no language model; `refused`: the
 * model's summary stated something its sources do not, so it is not shown; `unavailable`:
 * the model or the source failed or timed out, nothing was charged.
 */
export const summaryStatusSchema = z.enum([
  'ready',
  'not_written',
  'no_sources',
  'no_model',
  'refused',
  'unavailable',
]);
export type SummaryStatus = z.infer<typeof summaryStatusSchema>;

/** One sentence of a summary and the sources (1-based numbers of `sources`) it rests on. */
export const summarySentenceSchema = z.object({
  text: z.string(),
  cites: z.array(z.number().int().positive()),
});
export type SummarySentence = z.infer<typeof summarySentenceSchema>;

export const writtenSummarySchema = z.object({
  sentences: z.array(summarySentenceSchema),
  /** The language model that wrote it. */
  model: z.string(),
  writtenAt: z.iso.datetime(),
});
export type WrittenSummary = z.infer<typeof writtenSummarySchema>;

const creditsSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  resetsAt: z.iso.datetime(),
});

const summaryBase = {
  symbol: z.string(),
  status: summaryStatusSchema,
  /** What the status means for the reader; null when `ready`. */
  message: z.string().nullable(),
  summary: writtenSummarySchema.nullable(),
  /** Whether this request used an AI credit (only the one that had the model write it). */
  charged: z.boolean(),
  /** The user's AI credits now; null without a model (nothing to count). */
  credits: creditsSchema.nullable(),
  disclaimer: z.string(),
};

/** A headline "Why it moved" may cite, numbered from 1 in `sources`. */
export const citedHeadlineSchema = z.object({
  headline: z.string(),
  publisher: z.string(),
  url: z.string(),
  publishedAt: z.iso.datetime(),
});
export type CitedHeadline = z.infer<typeof citedHeadlineSchema>;

/** The day's move as the stock page shows it (the same figures, from the same quote). */
export const dayMoveSchema = z
  .object({
    /** Percent versus the previous close, rounded to 2 decimals. */
    changePercent: z.number(),
    price: z.number(),
    source: dataSourceSchema,
  })
  .extend(priceFreshnessSchema.shape);
export type DayMove = z.infer<typeof dayMoveSchema>;

/** `GET` (read) and `POST` (write, one AI credit) `/api/stocks/:symbol/why-it-moved`. */
export const whyItMovedSchema = z.object({
  ...summaryBase,
  /** The New York day whose headlines are summarised (YYYY-MM-DD). */
  day: z.iso.date(),
  move: dayMoveSchema,
  sources: z.array(citedHeadlineSchema),
  /** Where the headlines came from and when; null when this server has no news source. */
  newsSource: researchSourceSchema.nullable(),
  newsAsOf: z.iso.datetime().nullable(),
});
export type WhyItMoved = z.infer<typeof whyItMovedSchema>;

/** A text section of a filing the summary read, numbered from 1 in `sources`. */
export const filingSectionSchema = z.object({
  title: z.string(),
  /** Characters of the section given to the model. */
  chars: z.number().int().nonnegative(),
  /** The section was longer and was cut to fit. */
  cut: z.boolean(),
});
export type FilingSection = z.infer<typeof filingSectionSchema>;

/**
 * `GET` (read) and `POST` (write, one AI credit)
 * `/api/stocks/:symbol/filings/:accession/summary`.
 */
export const filingSummarySchema = z.object({
  ...summaryBase,
  accessionNumber: z.string(),
  form: filingFormSchema,
  filedOn: z.iso.date(),
  /** The filing's main document on www.sec.gov. */
  url: z.string(),
  /** The sections read; empty until the document was read. */
  sources: z.array(filingSectionSchema),
});
export type FilingSummary = z.infer<typeof filingSummarySchema>;

/** EDGAR accession numbers: ten digits, the year's two, six more. */
export const accessionNumberSchema = z.string().regex(/^\d{10}-\d{2}-\d{6}$/, {
  error: 'Enter an accession number like 0000320193-25-000079.',
});
