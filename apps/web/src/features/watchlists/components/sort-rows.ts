import { alertRatingLabels, type WatchlistRow } from '@tickerwise/shared';

export type SortKey = 'symbol' | 'name' | 'price' | 'change' | 'month' | 'rating' | 'alerts';
export interface SortOrder {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

/** The month's change in percent from the sparkline's first close to its last. */
export function monthChange(row: WatchlistRow): number | null {
  const first = row.sparkline[0]?.close;
  const last = row.sparkline.at(-1)?.close;
  if (!first || !last) return null;
  return ((last - first) / first) * 100;
}

function figureOf(row: WatchlistRow, key: SortKey): string | number | null {
  switch (key) {
    case 'symbol':
      return row.symbol;
    case 'name':
      return row.name.toLowerCase();
    case 'price':
      return row.price;
    case 'change':
      return row.change;
    case 'month':
      return monthChange(row);
    case 'rating': {
      const index = alertRatingLabels.indexOf(row.rating as (typeof alertRatingLabels)[number]);
      return index === -1 ? null : index;
    }
    case 'alerts':
      return row.alerts.filter((alert) => alert.state === 'armed').length;
  }
}

/** The rows sorted by a column; rows without the figure go last either way. */
export function sortRows(rows: readonly WatchlistRow[], order: SortOrder | null): WatchlistRow[] {
  if (!order) return [...rows];
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = figureOf(a, order.key);
    const right = figureOf(b, order.key);
    if (left === null || right === null) {
      if (left === right) return 0;
      return left === null ? 1 : -1;
    }
    if (left < right) return -sign;
    if (left > right) return sign;
    return 0;
  });
}
