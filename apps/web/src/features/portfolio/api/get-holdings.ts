import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HoldingsResponse, holdingsResponseSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys, portfolioPath } from './portfolio-keys.ts';

/** `GET /api/portfolios/:id/holdings`: holdings, totals and allocation at the latest prices. */
export async function getHoldings(id: string, signal?: AbortSignal): Promise<HoldingsResponse> {
  return holdingsResponseSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/holdings`, { signal }),
  );
}

export function holdingsQuery(id: string) {
  return queryOptions({
    queryKey: portfolioKeys.holdings(id),
    queryFn: ({ signal }) => getHoldings(id, signal),
    // Prices move: the figures follow the stocks list's pace.
    refetchInterval: 60_000,
  });
}

export function useHoldings(id: string) {
  return useQuery(holdingsQuery(id));
}
