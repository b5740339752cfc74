import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UsageSummary, usageSummarySchema } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';

/** Refreshed by whatever spends a credit (opening an analysis, asking a question). */
export const usageQueryKey = ['me', 'usage'] as const;

/** `GET /api/me/usage`: the plan's allowances and today's AI credits. */
export async function getUsage(signal?: AbortSignal): Promise<UsageSummary> {
  return usageSummarySchema.parse(await apiRequest<unknown>('/api/me/usage', { signal }));
}

export function usageQuery() {
  return queryOptions({
    queryKey: usageQueryKey,
    queryFn: ({ signal }) => getUsage(signal),
    staleTime: 30_000,
  });
}

export function useUsage() {
  return useQuery(usageQuery());
}
