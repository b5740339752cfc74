import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type PerformanceRange,
  type PerformanceResponse,
  performanceResponseSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys, portfolioPath } from './portfolio-keys.ts';

/** `GET /api/portfolios/:id/performance?range=`: daily values, returns and SPY. */
export async function getPerformance(
  id: string,
  range: PerformanceRange,
  signal?: AbortSignal,
): Promise<PerformanceResponse> {
  return performanceResponseSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/performance?range=${range}`, { signal }),
  );
}

export function performanceQuery(id: string, range: PerformanceRange) {
  return queryOptions({
    queryKey: portfolioKeys.performance(id, range),
    queryFn: ({ signal }) => getPerformance(id, range, signal),
    // Daily closes change once a day; a new range keeps the old chart until it arrives.
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function usePerformance(id: string, range: PerformanceRange) {
  return useQuery(performanceQuery(id, range));
}
