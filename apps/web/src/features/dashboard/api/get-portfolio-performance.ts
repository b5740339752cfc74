import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PerformanceResponse, performanceResponseSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/portfolios/performance?range=1m`: every portfolio added up, against SPY. */
export async function getMonthPerformance(signal?: AbortSignal): Promise<PerformanceResponse> {
  return performanceResponseSchema.parse(
    await apiRequest<unknown>('/api/portfolios/performance?range=1m', { signal }),
  );
}

export const monthPerformanceQuery = queryOptions({
  queryKey: ['portfolios', 'all', 'performance', '1m'],
  queryFn: ({ signal }) => getMonthPerformance(signal),
  staleTime: 5 * 60_000,
});

export function useMonthPerformance() {
  return useQuery(monthPerformanceQuery);
}
