import { z } from 'zod';
import { securityTypeSchema } from './company.ts';
import { tickerSymbolSchema } from './market.ts';

export const symbolSearchLimits = { queryMaxLength: 40, defaultResults: 8, maxResults: 20 };

/** The query of `GET /api/symbols?q=&limit=`; an empty search finds nothing. */
export const symbolSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(symbolSearchLimits.queryMaxLength, 'Search for at most 40 characters')
    .default(''),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(symbolSearchLimits.maxResults)
    .default(symbolSearchLimits.defaultResults),
});
export type SymbolSearchQuery = z.infer<typeof symbolSearchQuerySchema>;

/** One security a search found; every one of them opens a detail page. */
export const symbolMatchSchema = z.object({
  symbol: tickerSymbolSchema,
  name: z.string(),
  type: securityTypeSchema,
  exchange: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  /** `reference`: our list of US stocks and major ETFs; `finnhub`: found by Finnhub's search. */
  origin: z.enum(['reference', 'finnhub']),
});
export type SymbolMatch = z.infer<typeof symbolMatchSchema>;

/** `GET /api/symbols?q=`: best match first (exact symbol, symbol prefix, then name words). */
export const symbolSearchResponseSchema = z.object({
  query: z.string(),
  results: z.array(symbolMatchSchema),
});
export type SymbolSearchResponse = z.infer<typeof symbolSearchResponseSchema>;
