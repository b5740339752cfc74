import type { WatchlistRow } from '@tickerwise/shared';
import type { QuotedPrice } from '../../../components/prices/price-cell.tsx';

/**
 * The row's price as the shared price cells read it (live for a real-time plan), or null
 * while the row has no price yet.
 */
export function rowQuote(row: WatchlistRow): (QuotedPrice & { change: number }) | null {
  if (row.price === null || row.quotedAt === null) return null;
  return {
    symbol: row.symbol,
    price: row.price,
    change: row.change ?? 0,
    delayed: row.delayed,
    delayMinutes: row.delayMinutes,
    asOf: row.quotedAt,
    stale: row.stale,
  };
}

/** The plan delay of the table's prices in minutes, or 0 when they are live for the viewer. */
export function planDelayMinutes(rows: readonly WatchlistRow[]): number {
  return rows.find((row) => row.delayed)?.delayMinutes ?? 0;
}
