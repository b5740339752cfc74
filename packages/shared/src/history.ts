import { z } from 'zod';
import { dataSourceSchema } from './company.ts';

/** One trading day of a symbol, in US dollars; `date` is the exchange's day (YYYY-MM-DD). */
export const dailyBarSchema = z.object({
  date: z.iso.date(),
  open: z.number().positive(),
  high: z.number().positive(),
  low: z.number().positive(),
  close: z.number().positive(),
  /** Shares traded; 0 when the source does not report it. */
  volume: z.number().nonnegative(),
});
export type DailyBar = z.infer<typeof dailyBarSchema>;

/**
 * The ranges the price chart offers, over the stored daily bars; 1M is the default. YTD starts
 * with the last close of the year before; Max is every stored bar (five years and a week at
 * most, less for a younger listing).
 */
export const historyRanges = ['1m', '3m', '6m', 'ytd', '1y', '5y', 'max'] as const;
export const historyRangeSchema = z.enum(historyRanges);
export type HistoryRange = z.infer<typeof historyRangeSchema>;

/**
 * The query of `GET /api/stocks/:symbol/history`; 1M when no range is given. `averages=sma`
 * adds the 50- and 200-day simple moving averages of the closes to the answer.
 */
export const historyQuerySchema = z.object({
  range: historyRangeSchema.default('1m'),
  averages: z.literal('sma').optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** `GET /api/stocks/:symbol/history?range=` */
export const historyResponseSchema = z.object({
  symbol: z.string(),
  range: historyRangeSchema,
  /** Oldest first. */
  bars: z.array(dailyBarSchema),
  source: dataSourceSchema,
  /** The last day the stored bars cover (YYYY-MM-DD), null when there are none. */
  asOf: z.iso.date().nullable(),
  /**
   * True when the source could not be reached and the bars may stop before the last trading
   * day; the web shows "as of {asOf}".
   */
  stale: z.boolean(),
  /** The viewer's plan sees a day's close `delayMinutes` after it (Free: 15). */
  delayed: z.boolean(),
  delayMinutes: z.number().int().nonnegative(),
  /**
   * With `averages=sma`: the simple moving averages of the last 50 and 200 closes on each bar,
   * over the stored bars before the range too; null where fewer closes are stored.
   */
  averages: z
    .object({
      sma50: z.array(z.number().nullable()),
      sma200: z.array(z.number().nullable()),
    })
    .optional(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
