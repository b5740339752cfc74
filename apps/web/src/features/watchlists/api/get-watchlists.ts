import { queryOptions } from '@tanstack/react-query';
import { type WatchlistList, watchlistListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/watchlists`: the user's lists with their symbols, and the plan's limits. */
export async function getWatchlists(signal?: AbortSignal): Promise<WatchlistList> {
  return watchlistListSchema.parse(await apiRequest<unknown>('/api/watchlists', { signal }));
}

export const watchlistsQuery = queryOptions({
  queryKey: ['watchlists'],
  queryFn: ({ signal }) => getWatchlists(signal),
});
