import { queryOptions } from '@tanstack/react-query';
import { etfListSchema, type Stock } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/etfs`: the major ETFs with a price, as records like the stocks list's. */
export async function getEtfs(signal?: AbortSignal): Promise<Stock[]> {
  return etfListSchema.parse(await apiRequest<unknown>('/api/etfs', { signal })).etfs;
}

/** Refreshed every minute like the stocks list; a refresh keeps the previous rows on screen. */
export const etfsQuery = queryOptions({
  queryKey: ['etfs'],
  queryFn: ({ signal }) => getEtfs(signal),
  refetchInterval: 60_000,
});
