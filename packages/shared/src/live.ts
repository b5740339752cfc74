import { z } from 'zod';
import { tickerSymbolSchema } from './market.ts';

/** Symbols one tab may follow live at once (docs/PRODUCT.md §7.5). */
export const liveSymbolLimit = 100;

/** One live price: the latest trade or quote the server took in, at most once a second. */
export const liveQuoteSchema = z.object({
  symbol: tickerSymbolSchema,
  /** US dollars, rounded to 2 decimals. */
  price: z.number().positive(),
  /** Percent versus the previous close, rounded to 2 decimals. */
  change: z.number(),
  /** When the server took this price in (ISO 8601). */
  asOf: z.iso.datetime(),
});
export type LiveQuote = z.infer<typeof liveQuoteSchema>;

/**
 * What `GET /api/events` (Server-Sent Events) tells a signed-in browser. `hello` opens every
 * stream with its id, which the tab names when it says which prices it shows
 * (`PUT /api/live/symbols`). `change` names data that changed for this user (refetch it),
 * with the `mark` the instance gave that announcement: the feed's new-posts count names it,
 * and the server answers every count naming the same mark from one reading (ADR 0070).
 * `resync` means changes may have been missed (after the server lost its database
 * connection), so refetch everything live. `prices` carries live prices of symbols this tab
 * asked for (real-time plans only).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), streamId: z.string() }),
  z.object({ type: z.literal('change'), topic: z.string(), mark: z.string().optional() }),
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('prices'), quotes: z.array(liveQuoteSchema) }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `PUT /api/live/symbols`: the symbols a tab shows now; an empty list ends its live prices. */
export const liveSymbolsInputSchema = z.object({
  streamId: z
    .string({ error: 'Name the live stream' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a live stream id'),
  symbols: z
    .array(tickerSymbolSchema, { error: 'List the symbols on screen' })
    .max(liveSymbolLimit, `Follow at most ${liveSymbolLimit} symbols live at once`),
});
export type LiveSymbolsInput = z.infer<typeof liveSymbolsInputSchema>;

export const liveSymbolsResponseSchema = z.object({
  /** The symbols the stream now carries (each once). */
  symbols: z.array(tickerSymbolSchema),
});
export type LiveSymbolsResponse = z.infer<typeof liveSymbolsResponseSchema>;
