import { queryOptions, useQuery } from '@tanstack/react-query';
import { dayChangeWord, type MarketStatus, marketStatusResponseSchema } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';

/**
 * `GET /api/market/status`: whether the exchange trades now, from the server's calendar and
 * clock (docs/PRODUCT.md §7.6). Read again every minute, so a page left open sees the bell.
 */
export const marketStatusQuery = queryOptions({
  queryKey: ['market-status'],
  queryFn: async ({ signal }) =>
    marketStatusResponseSchema.parse(await apiRequest<unknown>('/api/market/status', { signal }))
      .market,
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** The market's status, once known (undefined while it loads or if it cannot be read). */
export function useMarketStatus(): MarketStatus | undefined {
  return useQuery(marketStatusQuery).data;
}

/** The words after a day change: "today" only during a session, else "on Nov 25". */
export function useDayChangeWord(): string {
  return dayChangeWord(useMarketStatus());
}
