import {
  addDays,
  instantInNewYork,
  isTradingDay,
  newYorkTime,
  sessionCloseOf,
  sessionOpenMinute,
} from '../calendar/market-calendar.ts';

interface Day {
  /** The New York day's first and next day's first instant. */
  start: number;
  end: number;
  /** Its regular session, or undefined when the exchange is closed all day. */
  open?: number;
  close?: number;
}

/**
 * Whether the regular session (9:30 to 16:00 New York time, trading days) runs at an instant.
 * The day's bounds are worked out once, so a stream of trades costs no date formatting each.
 */
export class RegularSession {
  private day: Day | undefined;

  isOpenAt(instant: number): boolean {
    const day = this.dayOf(instant);
    return day.open !== undefined && instant >= day.open && instant < day.close!;
  }

  private dayOf(instant: number): Day {
    const known = this.day;
    if (known && instant >= known.start && instant < known.end) return known;
    const { date } = newYorkTime(instant);
    const day: Day = {
      start: instantInNewYork(date, 0),
      end: instantInNewYork(addDays(date, 1), 0),
      ...(isTradingDay(date)
        ? {
            open: instantInNewYork(date, sessionOpenMinute),
            close: sessionCloseOf(date),
          }
        : {}),
    };
    this.day = day;
    return day;
  }
}
