import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AnalysisResponse, analysisResponseSchema } from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { analysisKeys } from './analysis-keys.ts';

/** `GET /api/stocks/:symbol/analysis`: rating, key figures, checks and the written analysis's state. */
export async function getAnalysis(symbol: string, signal?: AbortSignal): Promise<AnalysisResponse> {
  const path = `/api/stocks/${encodeURIComponent(symbol)}/analysis`;
  return analysisResponseSchema.parse(await apiRequest<unknown>(path, { signal }));
}

export function analysisQuery(symbol: string) {
  return queryOptions({
    queryKey: analysisKeys.stock(symbol),
    queryFn: ({ signal }) => getAnalysis(symbol, signal),
    // The figures change with the day's bars; the credits with every open.
    staleTime: 60_000,
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) &&
      failures < 1,
  });
}

export function useAnalysis(symbol: string) {
  return useQuery(analysisQuery(symbol));
}
