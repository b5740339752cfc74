import { z } from 'zod';
import { dataSourceSchema } from './company.ts';
import { priceFreshnessSchema, tickerSymbolSchema } from './market.ts';

/** Symbols one `GET /api/quotes` may ask for. */
export const quoteRequestLimit = 100;

/**
 * The query of `GET /api/quotes?symbols=AAPL,MSFT`: known US tickers, comma-separated; no
 * symbols, no quotes.
 */
export const quotesQuerySchema = z.object({
  symbols: z
    .string({ error: 'List the symbols, separated by commas' })
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((symbol) => symbol.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(tickerSymbolSchema)
        .max(quoteRequestLimit, `Ask for at most ${quoteRequestLimit} symbols at once`),
    ),
});
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;

/** A symbol's price for the viewer's plan, without the rest of the stock record. */
export const priceQuoteSchema = z
  .object({
    symbol: tickerSymbolSchema,
    /** US dollars, rounded to 2 decimals. */
    price: z.number().positive(),
    /** Percent versus the previous close, rounded to 2 decimals. */
    change: z.number(),
    previousClose: z.number().nonnegative(),
    source: dataSourceSchema,
  })
  .extend(priceFreshnessSchema.shape);
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

/** `GET /api/quotes`: the prices known now; `pending` ones are being fetched (ask again soon). */
export const quotesResponseSchema = z.object({
  quotes: z.array(priceQuoteSchema),
  pending: z.array(tickerSymbolSchema),
});
export type QuotesResponse = z.infer<typeof quotesResponseSchema>;
