import { queryOptions } from '@tanstack/react-query';
import { type SymbolMatch, symbolSearchResponseSchema } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';

/** `GET /api/symbols?q=&limit=`: US stocks and ETFs by symbol or name, best match first. */
export async function searchSymbols(
  query: string,
  limit?: number,
  signal?: AbortSignal,
): Promise<SymbolMatch[]> {
  const params = new URLSearchParams({ q: query });
  if (limit !== undefined) params.set('limit', String(limit));
  const answer = await apiRequest<unknown>(`/api/symbols?${params}`, { signal });
  return symbolSearchResponseSchema.parse(answer).results;
}

/**
 * One cache entry per search, whichever box asked: the same few letters are typed over and
 * over, so an answer is reused for a minute (the server keeps them as long) and going back a
 * letter shows its results at once.
 */
export function symbolSearchQuery(query: string, limit?: number) {
  const normalised = query.trim().toLowerCase();
  return queryOptions({
    queryKey: ['symbols', normalised, limit ?? null],
    queryFn: ({ signal }) => searchSymbols(normalised, limit, signal),
    enabled: normalised.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
