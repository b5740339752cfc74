import { z } from 'zod';
import { dataSourceSchema, securityTypeSchema } from './company.ts';
import { tickerInputSchema, tickerSymbolSchema } from './market.ts';
import { teamRoleSchema } from './teams.ts';

/** A symbol as a user types it (any case, BRK-B for BRK.B), normalised to the ticker. */
export const symbolInputSchema = tickerInputSchema('Choose a symbol');

export const watchlistNameSchema = z
  .string({ error: 'Give the watchlist a name' })
  .trim()
  .min(1, 'Give the watchlist a name')
  .max(60, 'A watchlist name has at most 60 characters');

/** `POST /api/watchlists` and `PATCH /api/watchlists/:id`. */
export const watchlistNameInputSchema = z.object({ name: watchlistNameSchema });
export type WatchlistNameInput = z.infer<typeof watchlistNameInputSchema>;

/** `POST /api/watchlists/:id/symbols`. */
export const addWatchlistSymbolSchema = z.object({ symbol: symbolInputSchema });

/** `PUT /api/watchlists/:id/order`: every symbol of the list, in the new order. */
export const watchlistOrderSchema = z.object({
  symbols: z.array(tickerSymbolSchema).max(500, 'A watchlist holds at most 500 symbols'),
});
export type WatchlistOrder = z.infer<typeof watchlistOrderSchema>;

/** A watchlist with its symbols in the user's order. */
export const watchlistSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbols: z.array(tickerSymbolSchema),
  /** ISO 8601. */
  createdAt: z.string(),
  /**
   * Null for a personal list; for a list that belongs to the user's team (§3.26): the team's
   * name, the user's role in it, whether the team can be changed now, and whether the user made
   * the list (only its maker takes it back out of the team).
   */
  shared: z
    .object({
      teamName: z.string(),
      role: teamRoleSchema,
      readOnly: z.boolean(),
      mine: z.boolean(),
    })
    .nullable(),
});
export type WatchlistSummary = z.infer<typeof watchlistSummarySchema>;

/** `GET /api/watchlists`: every list of the user and how many the plan allows. */
export const watchlistListSchema = z.object({
  watchlists: z.array(watchlistSummarySchema),
  limits: z.object({ watchlists: z.number().int(), symbolsPerList: z.number().int() }),
});
export type WatchlistList = z.infer<typeof watchlistListSchema>;

/** The alerts set on a row's symbol, as the watchlist table shows them. */
export const watchlistRowAlertSchema = z.object({
  id: z.string(),
  summary: z.string(),
  state: z.enum(['armed', 'fired', 'paused']),
});

/** One row of a watchlist table; figures are null while no price or bar can be had. */
export const watchlistRowSchema = z.object({
  symbol: tickerSymbolSchema,
  name: z.string(),
  type: securityTypeSchema,
  price: z.number().nullable(),
  /** Percent against the previous close. */
  change: z.number().nullable(),
  /** The viewer's plan sees prices `delayMinutes` late (Free: 15); 0 for real-time plans. */
  delayed: z.boolean(),
  delayMinutes: z.number().int().nonnegative(),
  /** The source could not be reached lately (or no price was had yet): the last price it gave. */
  stale: z.boolean(),
  /** ISO 8601 of the instant the price stands for, or null without one. */
  quotedAt: z.string().nullable(),
  /** The last month's daily closes, oldest first. */
  sparkline: z.array(z.object({ date: z.iso.date(), close: z.number() })),
  /** The technical rating on the last stored bar, and that bar's date. */
  rating: z.string().nullable(),
  ratingAsOf: z.iso.date().nullable(),
  alerts: z.array(watchlistRowAlertSchema),
});
export type WatchlistRow = z.infer<typeof watchlistRowSchema>;

/** `GET /api/watchlists/:id`: the list with a row per symbol, in the user's order. */
export const watchlistDetailSchema = z.object({
  watchlist: watchlistSummarySchema,
  rows: z.array(watchlistRowSchema),
  source: dataSourceSchema,
});
export type WatchlistDetail = z.infer<typeof watchlistDetailSchema>;
