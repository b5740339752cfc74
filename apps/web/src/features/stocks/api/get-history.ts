import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type HistoryRange, type HistoryResponse, historyResponseSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { isStockNotFound } from './get-stock.ts';

/** `GET /api/stocks/:symbol/history?range=`: stored daily bars, oldest first, with their source. */
export async function getHistory(
  symbol: string,
  range: HistoryRange,
  signal?: AbortSignal,
  averages = false,
): Promise<HistoryResponse> {
  const path = `/api/stocks/${encodeURIComponent(symbol)}/history?range=${range}${averages ? '&averages=sma' : ''}`;
  return historyResponseSchema.parse(await apiRequest<unknown>(path, { signal }));
}

/**
 * Daily bars change once a trading day (today's bar follows the quote): a few minutes' reuse
 * costs nothing, and the server answers an unchanged history with a 304.
 */
export function historyQuery(symbol: string, range: HistoryRange, averages = false) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'history', range, ...(averages ? ['sma'] : [])],
    queryFn: ({ signal }) => getHistory(symbol, range, signal, averages),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
    retry: (failures, error) => !isStockNotFound(error) && failures < 1,
  });
}

/**
 * The bars of one range (`range` null: none asked for), with the moving averages when
 * `averages`. Switching ranges keeps the chart drawn until the new bars arrive
 * (`isPlaceholderData`), so the page never jumps; another symbol starts from nothing.
 */
export function useHistory(symbol: string | null, range: HistoryRange | null, averages = false) {
  return useQuery({
    ...historyQuery(symbol ?? '', range ?? '1m', averages),
    enabled: symbol !== null && range !== null,
    placeholderData: (previous) =>
      previous?.symbol === symbol?.toUpperCase() ? keepPreviousData(previous) : undefined,
  });
}
