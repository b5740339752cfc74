import { queryOptions } from '@tanstack/react-query';
import { type WatchlistDetail, watchlistDetailSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/watchlists/:id`: the list's rows with quote, sparkline, rating and alerts. */
export async function getWatchlist(id: string, signal?: AbortSignal): Promise<WatchlistDetail> {
  return watchlistDetailSchema.parse(
    await apiRequest<unknown>(`/api/watchlists/${encodeURIComponent(id)}`, { signal }),
  );
}

/**
 * Refreshed every minute like the stocks list; the rows on screen stay while a refresh runs,
 * so prices change in place.
 */
export function watchlistQuery(id: string) {
  return queryOptions({
    queryKey: ['watchlists', id],
    queryFn: ({ signal }) => getWatchlist(id, signal),
    refetchInterval: 60_000,
  });
}
