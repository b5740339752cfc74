import {
  type ratingLabels,
  type ScreenerColumn,
  type ScreenerNumberColumn,
  type ScreenerRow,
  type ScreenerSetColumn,
  type ScreenQuery,
  screenerNumberColumns,
} from '@tickerwise/shared';

const ratingOrder: Record<(typeof ratingLabels)[number], number> = {
  strong_sell: 0,
  sell: 1,
  neutral: 2,
  buy: 3,
  strong_buy: 4,
};

const numberColumns = new Set<string>(screenerNumberColumns);

/** The value a column sorts on: a number, a string, or null (always last). */
function sortValue(row: ScreenerRow, column: ScreenerColumn): number | string | null {
  if (column === 'rating') return row.rating === null ? null : ratingOrder[row.rating];
  return row[column];
}

/** Whether a row passes every filter of a screen: a missing figure passes no range. */
export function matches(row: ScreenerRow, screen: Pick<ScreenQuery, 'ranges' | 'sets'>): boolean {
  for (const name in screen.ranges) {
    const range = screen.ranges[name as ScreenerNumberColumn]!;
    const value = row[name as ScreenerNumberColumn];
    if (value === null) return false;
    if (range.min !== null && value < range.min) return false;
    if (range.max !== null && value > range.max) return false;
  }
  for (const name in screen.sets) {
    const allowed = screen.sets[name as ScreenerSetColumn]!;
    const value = row[name as ScreenerSetColumn];
    if (value === null || !allowed.includes(value)) return false;
  }
  return true;
}

/**
 * The rows a screen picks, sorted (figures missing last, whichever the direction; ties by
 * symbol) and cut to its page. In memory over the precomputed rows: no I/O.
 */
export function runScreen(
  rows: readonly ScreenerRow[],
  screen: ScreenQuery,
): { total: number; rows: Record<string, string | number | null>[] } {
  const picked = rows.filter((row) => matches(row, screen));
  const { column, descending } = screen.sort;
  const direction = descending ? -1 : 1;
  const numeric = numberColumns.has(column) || column === 'rating';
  picked.sort((a, b) => {
    const left = sortValue(a, column);
    const right = sortValue(b, column);
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
    } else if (left !== right) {
      if (numeric) return ((left as number) - (right as number)) * direction;
      return (left < right ? -1 : 1) * direction;
    }
    return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
  });
  const page = picked.slice(screen.offset, screen.offset + screen.limit);
  return {
    total: picked.length,
    rows: page.map((row) => {
      const out: Record<string, string | number | null> = {};
      for (const name of screen.columns) out[name] = row[name];
      return out;
    }),
  };
}
