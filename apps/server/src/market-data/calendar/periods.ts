import { addDays, endOfPreviousYear, subtractMonths } from './days.ts';

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

/** The periods a return, a chart range or a figure is measured over (docs/PRODUCT.md §7.2). */
export type Period = '1w' | '1m' | '3m' | '6m' | 'ytd' | '1y' | '5y';

const periodMonths: Partial<Record<Period, number>> = {
  '1m': 1,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  '5y': 60,
};

/**
 * docs/PRODUCT.md §7.2: the day a period measured up to `date` starts from. 1W is seven days
 * earlier; 1M, 3M, 6M, 1Y and 5Y the same calendar day that many months earlier (clamped to a
 * shorter month's last day); YTD December 31 of the year before. The period's base is the
 * close of the last session on or before that day.
 */
export function periodStart(period: Period, date: string): string {
  if (period === '1w') return addDays(date, -7);
  if (period === 'ytd') return endOfPreviousYear(date);
  return subtractMonths(date, periodMonths[period] as number);
}

/**
 * Index of a period's base bar in bars sorted oldest first and ending with the period's last
 * session, or -1 when the bars do not reach back that far.
 */
export function periodStartIndex(dates: readonly { date: string }[], period: Period): number {
  const last = dates.at(-1);
  return last ? lastIndexOnOrBefore(dates, periodStart(period, last.date)) : -1;
}
