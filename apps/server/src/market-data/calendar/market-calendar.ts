/**
 * The New York Stock Exchange's trading days: weekdays that are not exchange holidays. Dates
 * are exchange dates written YYYY-MM-DD; a "day number" counts days since 1970-01-01, so date
 * arithmetic never meets time zones or daylight saving.
 */
import { addDays, dateOf, dayNumber } from './days.ts';

export { addDays, dateOf, dayNumber };

const dayMs = 86_400_000;

function weekday(day: number): number {
  return new Date(day * dayMs).getUTCDay();
}

/** The `nth` (1-based) `weekdayWanted` of a month; a negative `nth` counts from the end. */
function nthWeekday(year: number, month: number, weekdayWanted: number, nth: number): number {
  if (nth > 0) {
    const first = Date.UTC(year, month, 1) / dayMs;
    return first + ((weekdayWanted - weekday(first) + 7) % 7) + (nth - 1) * 7;
  }
  const last = Date.UTC(year, month + 1, 0) / dayMs;
  return last - ((weekday(last) - weekdayWanted + 7) % 7);
}

/** Easter Sunday (Gregorian, anonymous algorithm). */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, dayOfMonth) / dayMs;
}

/** A fixed-date holiday on a weekend is kept on the Friday before or the Monday after. */
function observed(day: number): number {
  const dow = weekday(day);
  if (dow === 6) return day - 1;
  if (dow === 0) return day + 1;
  return day;
}

/** Closures outside the yearly rules: national days of mourning and Hurricane Sandy. */
const specialClosures = [
  '2001-09-11',
  '2001-09-12',
  '2001-09-13',
  '2001-09-14',
  '2004-06-11',
  '2007-01-02',
  '2012-10-29',
  '2012-10-30',
  '2018-12-05',
  '2025-01-09',
];

const holidaysByYear = new Map<number, Set<number>>();

/** The exchange's full-day holidays of a year, as day numbers. */
export function holidaysOf(year: number): Set<number> {
  let days = holidaysByYear.get(year);
  if (days) return days;
  days = new Set<number>();
  // New Year's Day on a Saturday is not moved to the Friday before (the exchange rule):
  // that Friday closes the previous year's books.
  const newYear = Date.UTC(year, 0, 1) / dayMs;
  if (weekday(newYear) !== 6) days.add(observed(newYear));
  days.add(nthWeekday(year, 0, 1, 3)); // Martin Luther King Jr. Day
  days.add(nthWeekday(year, 1, 1, 3)); // Washington's Birthday
  days.add(easter(year) - 2); // Good Friday
  days.add(nthWeekday(year, 4, 1, -1)); // Memorial Day
  if (year >= 2022) days.add(observed(Date.UTC(year, 5, 19) / dayMs)); // Juneteenth
  days.add(observed(Date.UTC(year, 6, 4) / dayMs)); // Independence Day
  days.add(nthWeekday(year, 8, 1, 1)); // Labor Day
  days.add(nthWeekday(year, 10, 4, 4)); // Thanksgiving
  days.add(observed(Date.UTC(year, 11, 25) / dayMs)); // Christmas
  for (const date of specialClosures) {
    if (Number(date.slice(0, 4)) === year) days.add(dayNumber(date));
  }
  holidaysByYear.set(year, days);
  return days;
}

export function isTradingDay(date: string): boolean {
  const day = dayNumber(date);
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  return !holidaysOf(Number(date.slice(0, 4))).has(day);
}

export function previousTradingDay(date: string): string {
  let day = dayNumber(date) - 1;
  while (!isTradingDay(dateOf(day))) day -= 1;
  return dateOf(day);
}

export function nextTradingDay(date: string): string {
  let day = dayNumber(date) + 1;
  while (!isTradingDay(dateOf(day))) day += 1;
  return dateOf(day);
}

/** Every trading day from `from` through `to`, oldest first. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day += 1) {
    const date = dateOf(day);
    if (isTradingDay(date)) dates.push(date);
  }
  return dates;
}

const newYorkClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The last answer of `newYorkTime`, and the UTC minute it holds for. */
let lastNewYorkTime: { utcMinute: number; time: Readonly<{ date: string; minute: number }> } = {
  utcMinute: Number.NaN,
  time: { date: '', minute: 0 },
};

/**
 * The date and minute of the day in New York at an instant. New York is a whole number of
 * hours from UTC, so every instant of one UTC minute has the same answer: the last one is
 * kept, as the server asks many times a minute (each quote, stock record and bar read) and
 * `formatToParts` is one of its costlier calls.
 */
export function newYorkTime(ms: number): Readonly<{ date: string; minute: number }> {
  const utcMinute = Math.floor(ms / 60_000);
  if (utcMinute === lastNewYorkTime.utcMinute) return lastNewYorkTime.time;
  const parts = Object.fromEntries(
    newYorkClock.formatToParts(ms).map((part) => [part.type, part.value]),
  );
  const time = Object.freeze({
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  });
  lastNewYorkTime = { utcMinute, time };
  return time;
}

/**
 * The exchange's early closes (13:00 New York time, after hours until 17:00): the day after
 * Thanksgiving, and July 3 and December 24 when they fall Monday to Thursday (on a Friday they
 * are the observed holiday, at a weekend there is no session).
 */
export function isEarlyClose(date: string): boolean {
  if (!isTradingDay(date)) return false;
  const day = dayNumber(date);
  if (day === nthWeekday(Number(date.slice(0, 4)), 10, 4, 4) + 1) return true;
  const monthDay = date.slice(5);
  const dow = weekday(day);
  return (monthDay === '07-03' || monthDay === '12-24') && dow >= 1 && dow <= 4;
}

/** Regular session: 9:30 to 16:00 New York time, or to 13:00 on an early close. */
export const sessionOpenMinute = 9 * 60 + 30;

/** The minute of the day a trading day's regular session closes, in New York. */
export function sessionCloseMinuteOf(date: string): number {
  return isEarlyClose(date) ? 13 * 60 : 16 * 60;
}

/** The instant a trading day's regular session closes. */
export function sessionCloseOf(date: string): number {
  return instantInNewYork(date, sessionCloseMinuteOf(date));
}

/** The latest trading day whose session has closed at `ms`. */
export function lastClosedSession(ms: number): string {
  const { date, minute } = newYorkTime(ms);
  if (isTradingDay(date) && minute >= sessionCloseMinuteOf(date)) return date;
  return previousTradingDay(date);
}

/**
 * The trading day a price at `ms` belongs to: today from the opening bell on a trading day,
 * otherwise the last session (its close is the price until the next open).
 */
export function tradingDayAt(ms: number): string {
  const { date, minute } = newYorkTime(ms);
  if (isTradingDay(date) && minute >= sessionOpenMinute) return date;
  return previousTradingDay(date);
}

/** The New York date of an instant. */
function dateOfInstant(ms: number): string {
  return newYorkTime(ms).date;
}

/** The instant a New York wall-clock time happens (DST-aware). */
export function instantInNewYork(date: string, minute: number): number {
  // New York is 4 or 5 hours behind UTC: try both and keep the one that reads back right.
  for (const offsetHours of [4, 5]) {
    const ms = dayNumber(date) * dayMs + (minute + offsetHours * 60) * 60_000;
    const back = newYorkTime(ms);
    if (back.date === date && back.minute === minute) return ms;
  }
  throw new Error(`No such New York time: ${date} minute ${minute}`);
}

/** The next instant after `ms` that is `minute` past midnight on a trading day in New York. */
export function nextTradingDayAt(ms: number, minute: number): number {
  const today = newYorkTime(ms).date;
  const candidate = isTradingDay(today) ? instantInNewYork(today, minute) : undefined;
  if (candidate !== undefined && candidate > ms) return candidate;
  return instantInNewYork(nextTradingDay(today), minute);
}

/** Pre-market from 4:00, after hours for four hours after the close (until 20:00 or 17:00). */
export const preMarketMinute = 4 * 60;
const afterHoursMinutes = 4 * 60;

export type MarketState = 'open' | 'pre' | 'after' | 'closed';

export interface MarketStatusAt {
  state: MarketState;
  /** The instant prices stand for: `ms` in the session, else the last session's close. */
  asOf: number;
  /** The session a day change is the move of (YYYY-MM-DD). */
  session: string;
  /** When the session running now, or else the next one, closes (13:00 on an early close). */
  closesAt: number;
  /** The next opening bell after `ms`. */
  nextOpen: number;
}

/**
 * Whether the exchange trades at `ms` (docs/PRODUCT.md §7.6): the regular session, pre-market
 * or after hours of a trading day, or closed (nights, weekends, holidays).
 */
export function marketStatusAt(ms: number): MarketStatusAt {
  const { date, minute } = newYorkTime(ms);
  const nextOpen = nextTradingDayAt(ms, sessionOpenMinute);
  const trading = isTradingDay(date);
  const closeMinute = sessionCloseMinuteOf(date);
  if (trading && minute >= sessionOpenMinute && minute < closeMinute) {
    return { state: 'open', asOf: ms, session: date, closesAt: sessionCloseOf(date), nextOpen };
  }
  const session = lastClosedSession(ms);
  const asOf = sessionCloseOf(session);
  let state: MarketState = 'closed';
  if (trading && minute >= preMarketMinute && minute < sessionOpenMinute) state = 'pre';
  if (trading && minute >= closeMinute && minute < closeMinute + afterHoursMinutes) state = 'after';
  const next = dateOfInstant(nextOpen);
  return { state, asOf, session, closesAt: sessionCloseOf(next), nextOpen };
}
