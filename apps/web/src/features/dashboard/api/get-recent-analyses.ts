import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalysisRead, recentAnalysesSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/analysis/recent?limit=`: the stocks whose written analysis the user read lately. */
export async function getRecentAnalyses(
  limit: number,
  signal?: AbortSignal,
): Promise<AnalysisRead[]> {
  return recentAnalysesSchema.parse(
    await apiRequest<unknown>(`/api/analysis/recent?limit=${limit}`, { signal }),
  ).analyses;
}

export function recentAnalysesQuery(limit: number) {
  return queryOptions({
    // Under the analyst's 'analysis' key: opening an analysis refreshes it.
    queryKey: ['analysis', 'recent', limit],
    queryFn: ({ signal }) => getRecentAnalyses(limit, signal),
  });
}

export function useRecentAnalyses(limit: number) {
  return useQuery(recentAnalysesQuery(limit));
}
