/**
 * Day arithmetic on calendar dates written YYYY-MM-DD, the one module for it. A "day number"
 * counts days since 1970-01-01 in UTC, so no time zone or daylight saving ever moves a day.
 */
const dayMs = 86_400_000;

export function dayNumber(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
    dayMs
  );
}

export function dateOf(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOf(dayNumber(date) + days);
}

/** The same day `months` earlier, or the month's last day when it is shorter (Mar 31 -> Feb 28). */
export function subtractMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - months;
  const day = Number(date.slice(8, 10));
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** December 31 of the year before `date`'s: the base of a year-to-date return. */
export function endOfPreviousYear(date: string): string {
  return `${Number(date.slice(0, 4)) - 1}-12-31`;
}
