import { queryOptions, useQuery } from '@tanstack/react-query';
import { type EarningsWeek, earningsWeekSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/earnings/week`: the next seven days' reports of the stocks the user holds or
 * watches. The server keeps each stock's earnings six hours; a few minutes' reuse here.
 */
export const earningsWeekQuery = queryOptions({
  queryKey: ['earnings', 'week'],
  queryFn: async ({ signal }): Promise<EarningsWeek> =>
    earningsWeekSchema.parse(await apiRequest<unknown>('/api/earnings/week', { signal })),
  staleTime: 5 * 60_000,
});

export function useEarningsWeek() {
  return useQuery(earningsWeekQuery);
}
