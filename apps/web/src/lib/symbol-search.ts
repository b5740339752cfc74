import { queryOptions } from '@tanstack/react-query';
import { type SymbolMatch, symbolSearchResponseSchema } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';

/** `GET /api/symbols?q=`: US stocks and ETFs matching a symbol or company name. */
export async function searchSymbols(query: string, signal?: AbortSignal): Promise<SymbolMatch[]> {
  const path = `/api/symbols?q=${encodeURIComponent(query)}&limit=8`;
  return symbolSearchResponseSchema.parse(await apiRequest<unknown>(path, { signal })).results;
}

export function symbolSearchQuery(query: string) {
  return queryOptions({
    queryKey: ['symbols', query],
    queryFn: ({ signal }) => searchSymbols(query, signal),
    enabled: query.trim().length > 0,
    staleTime: 60_000,
  });
}
