/** Day arithmetic on YYYY-MM-DD strings, in UTC so no time zone moves a day. */

const dayMs = 86_400_000;

const parse = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const { year, month, day } = parse(date);
  return format(Date.UTC(year, month - 1, day) + days * dayMs);
}

/** The same day `months` earlier, or the month's last day when it is shorter (Mar 31 -> Feb 28). */
export function subtractMonths(date: string, months: number): string {
  const { year, month, day } = parse(date);
  const target = Date.UTC(year, month - 1 - months, 1);
  const targetYear = new Date(target).getUTCFullYear();
  const targetMonth = new Date(target).getUTCMonth();
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return format(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
}

/** December 31 of the year before `date`'s: the base of a year-to-date return. */
export function endOfPreviousYear(date: string): string {
  return `${parse(date).year - 1}-12-31`;
}

/**
 * Index of the last bar dated on or before `date` in bars sorted oldest first, or -1 when
 * every bar is later.
 */
export function lastIndexOnOrBefore(dates: readonly { date: string }[], date: string): number {
  let low = 0;
  let high = dates.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((dates[middle] as { date: string }).date <= date) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
