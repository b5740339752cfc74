import { z } from 'zod';
import { tickerSymbolSchema } from './market.ts';

/** Symbols one tab may follow live at once (docs/PRODUCT.md §7.5). */
export const liveSymbolLimit = 100;

/**
 * How long the server remembers which topics it announced to whom, for the `hello` of a
 * stream that opens then (`recent`).
 */
export const recentChangesMs = 30_000;

/**
 * `GET /api/events`: a tab's first stream says how long ago its reads began (`readsAgoMs`,
 * since the page was opened), and its `hello` names only the topics announced since then.
 */
export const liveStreamQuerySchema = z.object({
  readsAgoMs: z.coerce
    .number({ error: 'Say how long ago the reads began, in ms' })
    .int('Say how long ago the reads began, in whole ms')
    .min(0, 'Reads cannot begin in the future')
    .max(recentChangesMs, `The server remembers changes for ${recentChangesMs} ms`)
    .optional(),
});

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
 * A new top-level post as its `community_posts` event tells one reader of it (ADR 0076): its
 * id, its place in the feed (`cursor`, as the feed's cursors) and whether it belongs in the
 * reader's Following tab (their own, or by a member or naming a symbol they follow). Posts of
 * members on either side of a block with the reader, and posts held or hidden, are never sent.
 */
export const announcedPostSchema = z.object({
  id: z.string(),
  cursor: z.string(),
  following: z.boolean(),
});
export type AnnouncedPost = z.infer<typeof announcedPostSchema>;

/**
 * What `GET /api/events` (Server-Sent Events) tells a signed-in browser. `hello` opens every
 * stream with its id, which the tab names when it says which prices it shows
 * (`PUT /api/live/symbols`), and the topics announced to this user in the last 30 s, or
 * since the tab's reads began (`recent`): a tab's first stream refetches those, since its
 * reads may predate them. `change` names data that changed for this user (refetch it),
 * with the `mark` the instance gave that announcement (ADR 0070). A `community_posts` change
 * carries what the feed and open threads need instead of a refetch (ADR 0076): the new
 * top-level posts for this reader (`posts`) and the posts that got new replies (`replies`,
 * their ids). `resync` means changes may have been missed (after the server lost its database
 * connection), so refetch everything live. `prices` carries live prices of symbols this tab
 * asked for (real-time plans only).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    streamId: z.string(),
    recent: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('change'),
    topic: z.string(),
    mark: z.string().optional(),
    posts: z.array(announcedPostSchema).optional(),
    replies: z.array(z.string()).optional(),
  }),
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
