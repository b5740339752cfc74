import { queryOptions } from '@tanstack/react-query';
import { type Stock, stockListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/stocks`: every tracked stock with a price, from the server's shared cache. */
export async function getStocks(signal?: AbortSignal): Promise<Stock[]> {
  return stockListSchema.parse(await apiRequest<unknown>('/api/stocks', { signal })).stocks;
}

/**
 * docs/PRODUCT.md §3.12: refreshed every 60 seconds. The previous list stays on screen while a
 * refresh runs, so rows never flicker.
 */
export const stocksQuery = queryOptions({
  queryKey: ['stocks'],
  queryFn: ({ signal }) => getStocks(signal),
  refetchInterval: 60_000,
});
