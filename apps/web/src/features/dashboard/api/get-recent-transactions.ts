import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RecentTransaction, recentTransactionsSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/portfolios/activity?limit=`: the latest transactions of all portfolios. */
export async function getRecentTransactions(
  limit: number,
  signal?: AbortSignal,
): Promise<RecentTransaction[]> {
  return recentTransactionsSchema.parse(
    await apiRequest<unknown>(`/api/portfolios/activity?limit=${limit}`, { signal }),
  ).transactions;
}

export function recentTransactionsQuery(limit: number) {
  return queryOptions({
    queryKey: ['portfolios', 'activity', limit],
    queryFn: ({ signal }) => getRecentTransactions(limit, signal),
  });
}

export function useRecentTransactions(limit: number) {
  return useQuery(recentTransactionsQuery(limit));
}
