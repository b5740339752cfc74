import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Stock, stockResponseSchema } from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { etfsQuery } from './get-etfs.ts';
import { stocksQuery } from './get-stocks.ts';

/** `GET /api/stocks/:symbol`: any US stock or ETF, or a 404 when no security has that symbol. */
export async function getStock(symbol: string, signal?: AbortSignal): Promise<Stock> {
  const path = `/api/stocks/${encodeURIComponent(symbol)}`;
  return stockResponseSchema.parse(await apiRequest<unknown>(path, { signal })).stock;
}

export function isStockNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

export function stockQuery(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase()],
    queryFn: ({ signal }) => getStock(symbol, signal),
    refetchInterval: 60_000,
    // An unknown symbol stays unknown: asking again only delays 'Stock not found'.
    retry: (failures, error) => !isStockNotFound(error) && failures < 1,
  });
}

/** One security; a row opened from a list shows at once while the fresh record loads. */
export function useStock(symbol: string) {
  const queryClient = useQueryClient();
  const wanted = symbol.toUpperCase();
  return useQuery({
    ...stockQuery(symbol),
    placeholderData: () =>
      [stocksQuery.queryKey, etfsQuery.queryKey]
        .flatMap((key) => queryClient.getQueryData(key) ?? [])
        .find((stock) => stock.symbol === wanted),
  });
}
