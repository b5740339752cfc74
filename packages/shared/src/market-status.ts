import { z } from 'zod';

/**
 * Whether the exchange trades now (docs/PRODUCT.md §7.6), from the NYSE calendar and the
 * server's clock: `open` is the regular session (9:30 to 16:00 New York time, or to 13:00 on an
 * early close), `pre` the pre-market (4:00 to 9:30), `after` after hours (four hours from the
 * close), `closed` the rest, weekends and exchange holidays.
 */
export const marketStates = ['open', 'pre', 'after', 'closed'] as const;
export type MarketState = (typeof marketStates)[number];

export const marketStatusSchema = z.object({
  state: z.enum(marketStates),
  /**
   * ISO 8601 instant the prices shown stand for: now during a session, otherwise the close of
   * the last session (4:00 PM New York time, 1:00 PM on an early close).
   */
  asOf: z.string(),
  /** The last session whose move a day change shows (YYYY-MM-DD, New York). */
  session: z.iso.date(),
  /**
   * ISO 8601 instant the session running now, or else the next one, closes: 4:00 PM New York
   * time, or 1:00 PM on the exchange's early closes.
   */
  closesAt: z.string(),
  /** ISO 8601 instant of the next opening bell. */
  nextOpen: z.string(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/** `GET /api/market/status`. */
export const marketStatusResponseSchema = z.object({ market: marketStatusSchema });
export type MarketStatusResponse = z.infer<typeof marketStatusResponseSchema>;

const newYorkMinute = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const newYorkDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
});
const newYorkWeekdayMinute = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Nov 25, 4:00 PM ET": an instant in New York time, the zone named. */
export function formatNewYorkTime(instant: string | number | Date): string {
  return `${newYorkMinute.format(new Date(instant))} ET`;
}

/** "Fri, Nov 27, 9:30 AM ET". */
export function formatNewYorkWeekdayTime(instant: string | number | Date): string {
  return `${newYorkWeekdayMinute.format(new Date(instant))} ET`;
}

/** Whether a day change is the move of a session today (the session runs, or closed today). */
export function isSessionDay(status: MarketStatus): boolean {
  return status.state === 'open' || status.state === 'after';
}

/** "Market open", "Pre-market", "After hours", "Market closed · at close Nov 25, 4:00 PM ET". */
export function marketStatusLabel(status: MarketStatus): string {
  switch (status.state) {
    case 'open':
      return 'Market open';
    case 'pre':
      return 'Pre-market';
    case 'after':
      return 'After hours';
    case 'closed':
      return `Market closed · at close ${formatNewYorkTime(status.asOf)}`;
  }
}

/** The longer sentence behind the label: when prices stand and when the market opens next. */
export function marketStatusDetail(status: MarketStatus): string {
  const next = `The market opens ${formatNewYorkWeekdayTime(status.nextOpen)}.`;
  switch (status.state) {
    case 'open':
      return `The regular session runs until ${formatNewYorkTime(status.closesAt)}.`;
    case 'pre':
      return `Prices are at the close of ${formatNewYorkTime(status.asOf)}. ${next}`;
    case 'after':
      return `The session closed at ${formatNewYorkTime(status.asOf)}. ${next}`;
    case 'closed':
      return `Prices are at the close of ${formatNewYorkTime(status.asOf)}. ${next}`;
  }
}

/**
 * The words after a day change: "today" only when it is today's session's move, otherwise the
 * session's date ("Nov 25"). Without a status yet, "today" is not claimed: "day change".
 */
export function dayChangeWord(status: MarketStatus | undefined): string {
  if (!status) return 'day change';
  if (isSessionDay(status)) return 'today';
  return `on ${newYorkDay.format(new Date(status.asOf))}`;
}
