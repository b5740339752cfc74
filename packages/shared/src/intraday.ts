import { z } from 'zod';
import { dataSourceSchema } from './company.ts';
import { marketStatusSchema } from './market-status.ts';

/**
 * The chart's intraday ranges: 1D is the session under way (or the last one, before the open
 * and on days without one) in 5-minute bars; 5D its last five sessions in 15-minute bars.
 */
export const intradayRanges = ['1d', '5d'] as const;
export const intradayRangeSchema = z.enum(intradayRanges);
export type IntradayRange = z.infer<typeof intradayRangeSchema>;

/** Minutes per bar and sessions shown, for each intraday range. */
export const intradayShapes: Record<IntradayRange, { intervalMinutes: number; sessions: number }> =
  {
    '1d': { intervalMinutes: 5, sessions: 1 },
    '5d': { intervalMinutes: 15, sessions: 5 },
  };

/** The query of `GET /api/stocks/:symbol/intraday`; 1D when no range is given. */
export const intradayQuerySchema = z.object({
  range: intradayRangeSchema.default('1d'),
});

/** One intraday bar: `time` is the ISO 8601 instant it starts; volume in shares (0: unknown). */
export const intradayBarSchema = z.object({
  time: z.iso.datetime(),
  open: z.number().positive(),
  high: z.number().positive(),
  low: z.number().positive(),
  close: z.number().positive(),
  volume: z.number().nonnegative(),
});
export type IntradayBar = z.infer<typeof intradayBarSchema>;

/** `GET /api/stocks/:symbol/intraday?range=` */
export const intradayResponseSchema = z.object({
  symbol: z.string(),
  range: intradayRangeSchema,
  intervalMinutes: z.number().int().positive(),
  /** Oldest first; the last one may be under way (it ends at `asOf`). */
  bars: z.array(intradayBarSchema),
  /** The sessions the bars come from (YYYY-MM-DD, New York), oldest first. */
  sessions: z.array(z.iso.date()),
  source: dataSourceSchema,
  /** The bars are the simulated market's, not an exchange's. */
  simulated: z.boolean(),
  /**
   * False when the market data source gives this server no intraday bars (a free Finnhub
   * key): `bars` is empty and the daily ranges are the chart's.
   */
  available: z.boolean(),
  /** The instant the last bar runs to (ISO 8601), null when there are no bars. */
  asOf: z.string().nullable(),
  /** The source could not be reached: the bars are the last it gave, up to `asOf`. */
  stale: z.boolean(),
  /** The viewer's plan sees prices `delayMinutes` late (Free: 15): no bar runs past then. */
  delayed: z.boolean(),
  delayMinutes: z.number().int().nonnegative(),
  /** Whether the exchange trades now, as `GET /api/market/status` says. */
  market: marketStatusSchema,
});
export type IntradayResponse = z.infer<typeof intradayResponseSchema>;
