import { z } from 'zod';
import { formatUsd } from './format.ts';
import { tickerSymbolSchema } from './market.ts';
import { sharedWithTeamSchema } from './teams.ts';
import { symbolInputSchema } from './watchlists.ts';

/**
 * The technical rating's labels, weakest first (TradingView's five). An alert can wait for a
 * symbol's rating to change to one of them.
 */
export const alertRatingLabels = ['strong_sell', 'sell', 'neutral', 'buy', 'strong_buy'] as const;
export type AlertRatingLabel = (typeof alertRatingLabels)[number];
export const alertRatingLabelText: Record<AlertRatingLabel, string> = {
  strong_sell: 'Strong sell',
  sell: 'Sell',
  neutral: 'Neutral',
  buy: 'Buy',
  strong_buy: 'Strong buy',
};

const priceLevel = z
  .number({ error: 'Enter a price' })
  .positive('The price must be above $0')
  .max(1_000_000, 'The price must be at most $1,000,000')
  .transform((value) => Math.round(value * 100) / 100);
const percent = z
  .number({ error: 'Enter a percentage' })
  .min(0.1, 'The change must be at least 0.1%')
  .max(100, 'The change must be at most 100%')
  .transform((value) => Math.round(value * 100) / 100);
const earningsAlertDays = z
  .number({ error: 'Enter a number of days' })
  .int('Enter a whole number of days')
  .min(1, 'Choose 1 to 14 days ahead')
  .max(14, 'Choose 1 to 14 days ahead');
const rsiLevel = z
  .number({ error: 'Enter an RSI level' })
  .min(1, 'RSI runs from 1 to 99')
  .max(99, 'RSI runs from 1 to 99');

/**
 * What an alert waits for (docs/PRODUCT.md, "Alerts"). Price and day-change alerts are
 * checked on every new quote; the others on each new daily bar.
 * - price_above / price_below: the price is at or beyond the level;
 * - change_up / change_down: today's change against the previous close is at least `percent`;
 * - crosses_above_sma / crosses_below_sma: the close moves from at-or-below (at-or-above) the
 *   simple moving average to strictly above (below) it, bar to bar;
 * - rsi_above / rsi_below: RSI 14 on the close is at or beyond the level;
 * - rating_becomes: the technical rating changes to `rating` from another label;
 * - earnings_within: the company's next earnings report is `days` days away or fewer (checked
 *   on its earnings calendar, at most once per report).
 */
export const alertConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price_above'), level: priceLevel }),
  z.object({ kind: z.literal('price_below'), level: priceLevel }),
  z.object({ kind: z.literal('change_up'), percent }),
  z.object({ kind: z.literal('change_down'), percent }),
  z.object({ kind: z.literal('crosses_above_sma'), period: z.literal([50, 200]) }),
  z.object({ kind: z.literal('crosses_below_sma'), period: z.literal([50, 200]) }),
  z.object({ kind: z.literal('rsi_above'), level: rsiLevel }),
  z.object({ kind: z.literal('rsi_below'), level: rsiLevel }),
  z.object({ kind: z.literal('rating_becomes'), rating: z.enum(alertRatingLabels) }),
  z.object({ kind: z.literal('earnings_within'), days: earningsAlertDays }),
]);
export type AlertCondition = z.infer<typeof alertConditionSchema>;
export type AlertKind = AlertCondition['kind'];
export const alertKinds = [
  'price_above',
  'price_below',
  'change_up',
  'change_down',
  'crosses_above_sma',
  'crosses_below_sma',
  'rsi_above',
  'rsi_below',
  'rating_becomes',
  'earnings_within',
] as const satisfies readonly AlertKind[];

/** Checked on every quote the server takes in. */
export const quoteAlertKinds = ['price_above', 'price_below', 'change_up', 'change_down'] as const;

/** Checked after each day's bars are stored, on the analyst's indicators. */
export const barAlertKinds = [
  'crosses_above_sma',
  'crosses_below_sma',
  'rsi_above',
  'rsi_below',
  'rating_becomes',
] as const;
export function isBarAlert(kind: AlertKind): boolean {
  return (barAlertKinds as readonly string[]).includes(kind);
}

/** Checked on the company's earnings calendar (a stock's; funds report none). */
export const earningsAlertKinds = ['earnings_within'] as const;

/** "in 3 days", "tomorrow", "today": how far off a report is. */
export function daysAwayText(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

/** `once`: fires, then stays off until re-armed; `daily`: at most once per trading day. */
export const alertRepeatSchema = z.enum(['once', 'daily']);
export type AlertRepeat = z.infer<typeof alertRepeatSchema>;

export const alertNoteSchema = z
  .string()
  .trim()
  .max(200, 'A note has at most 200 characters')
  .transform((value) => (value === '' ? null : value));

/**
 * What to do with a price alert whose level the price has already reached when it is set or
 * edited (docs/PRODUCT.md §3.22): fire it now, or wait for the price to cross the level again.
 * Without it such a request is answered 409 `alert_already_met`, so the user can choose.
 */
export const alreadyMetChoices = ['fire_now', 'wait_for_crossing'] as const;
export const alreadyMetChoiceSchema = z.enum(alreadyMetChoices);
export type AlreadyMetChoice = z.infer<typeof alreadyMetChoiceSchema>;
/** The error code of a price alert set at a level already reached. */
export const alertAlreadyMetCode = 'alert_already_met';

/** The destinations an alert posts to: each at most once, ten at most. */
const alertDestinationIdsSchema = z
  .array(z.uuid({ error: 'Choose destinations from your integrations' }))
  .max(10, 'Choose at most 10 destinations')
  .refine((ids) => new Set(ids).size === ids.length, 'Choose each destination once');

/** `POST /api/alerts`. */
export const createAlertSchema = z.object({
  symbol: symbolInputSchema,
  condition: alertConditionSchema,
  repeat: alertRepeatSchema.default('once'),
  note: alertNoteSchema.nullish(),
  ifAlreadyMet: alreadyMetChoiceSchema.optional(),
  /** Also send each firing by email (grouped); absent: the user's default for new alerts. */
  email: z.boolean().optional(),
  /** Also send each firing to these destinations of the user's (Settings > Integrations). */
  destinationIds: alertDestinationIdsSchema.optional(),
});
export type CreateAlertInput = z.input<typeof createAlertSchema>;

/**
 * `PATCH /api/alerts/:id`: any of these. A new condition or repeat re-arms a fired alert;
 * `state` pauses it or arms it again.
 */
export const updateAlertSchema = z
  .object({
    condition: alertConditionSchema.optional(),
    repeat: alertRepeatSchema.optional(),
    note: alertNoteSchema.nullish(),
    state: z.enum(['armed', 'paused']).optional(),
    email: z.boolean().optional(),
    destinationIds: alertDestinationIdsSchema.optional(),
    ifAlreadyMet: alreadyMetChoiceSchema.optional(),
  })
  .refine(
    ({ ifAlreadyMet: _, ...value }) => Object.values(value).some((field) => field !== undefined),
    {
      message: 'Nothing to change',
    },
  );
export type UpdateAlertInput = z.input<typeof updateAlertSchema>;

export const alertStateSchema = z.enum(['armed', 'fired', 'paused']);
export type AlertState = z.infer<typeof alertStateSchema>;

export const alertSchema = z.object({
  id: z.string(),
  symbol: tickerSymbolSchema,
  condition: alertConditionSchema,
  repeat: alertRepeatSchema,
  note: z.string().nullable(),
  /** `fired`: a once-alert that went off; a daily alert stays armed between its firings. */
  state: alertStateSchema,
  /** ISO 8601 of the last firing, or null. */
  lastFiredAt: z.string().nullable(),
  createdAt: z.string(),
  /** A price alert set past its level: it fires after the price crosses the level again. */
  awaitsCross: z.boolean(),
  /** The plan no longer includes alerts: kept, but not checked until an upgrade. */
  suspended: z.boolean(),
  /** Firings also go by email (in the app they always show). */
  email: z.boolean(),
  /** Firings also go to these destinations (Settings > Integrations). */
  destinationIds: z.array(z.string()),
  /**
   * Null for a personal alert; for one of the user's team (docs/PRODUCT.md §3.26): the team,
   * the user's role in it, whether the team is read-only and whether the user made it.
   */
  shared: sharedWithTeamSchema.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** One time an alert went off: what it said, the figure that set it off, and when. */
export const alertFiringSchema = z.object({
  id: z.string(),
  /** Null once the alert has been deleted; the history stays. */
  alertId: z.string().nullable(),
  symbol: tickerSymbolSchema,
  title: z.string(),
  message: z.string(),
  /** The price, change, average or RSI that set it off; null for a rating or a report. */
  value: z.number().nullable(),
  /** The trading day it counts for (YYYY-MM-DD, New York); an earnings alert's, the report's day. */
  tradingDay: z.iso.date(),
  firedAt: z.string(),
});
export type AlertFiring = z.infer<typeof alertFiringSchema>;

/** `GET /api/alerts`: the user's alerts, recent firings, and what the plan allows. */
export const alertListSchema = z.object({
  alerts: z.array(alertSchema),
  firings: z.array(alertFiringSchema),
  /** How many alerts the plan allows at once (0: the plan has none). */
  allowed: z.number().int(),
});
export type AlertList = z.infer<typeof alertListSchema>;

/** `GET /api/alerts/firings?limit=`: the user's latest firings (the dashboard's Recent Activity). */
export const alertFiringsSchema = z.object({ firings: z.array(alertFiringSchema) });
export const alertFiringsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type AlertFirings = z.infer<typeof alertFiringsSchema>;

/** How many recent firings `GET /api/alerts` lists. */
export const alertFiringListLimit = 100;

/** "Price above $200.00", "RSI 14 below 30": what an alert waits for, in words. */
export function describeAlertCondition(condition: AlertCondition): string {
  switch (condition.kind) {
    case 'price_above':
      return `Price above ${formatUsd(condition.level)}`;
    case 'price_below':
      return `Price below ${formatUsd(condition.level)}`;
    case 'change_up':
      return `Up ${condition.percent}% or more today`;
    case 'change_down':
      return `Down ${condition.percent}% or more today`;
    case 'crosses_above_sma':
      return `Crosses above its ${condition.period}-day average`;
    case 'crosses_below_sma':
      return `Crosses below its ${condition.period}-day average`;
    case 'rsi_above':
      return `RSI 14 above ${condition.level}`;
    case 'rsi_below':
      return `RSI 14 below ${condition.level}`;
    case 'rating_becomes':
      return `Technical rating turns ${alertRatingLabelText[condition.rating]}`;
    case 'earnings_within':
      return `Earnings report ${condition.days === 1 ? 'within a day' : `within ${condition.days} days`}`;
  }
}

/** `GET /api/alerts/:id`: one alert and every time it went off, newest first. */
export const alertDetailSchema = z.object({
  alert: alertSchema,
  firings: z.array(alertFiringSchema),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/**
 * `POST /api/alerts` and `PATCH /api/alerts/:id`: the alert, and what the user should know of
 * it at once (a day-change alert set while the market is closed waits for the next session).
 */
export const alertSavedSchema = z.object({ alert: alertSchema, notice: z.string().nullable() });
export type AlertSaved = z.infer<typeof alertSavedSchema>;

/** "AAPL is already above $185.00: fire now, or wait for the next crossing?" */
export function alreadyMetQuestion(symbol: string, condition: AlertCondition): string {
  const side = condition.kind === 'price_below' ? 'below' : 'above';
  const level = 'level' in condition ? formatUsd(condition.level) : '';
  return `${symbol} is already ${side} ${level}: fire now, or wait for the next crossing?`;
}
