import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Stock, stockResponseSchema } from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { stocksQuery } from './get-stocks.ts';

/** `GET /api/stocks/:symbol`: one stock, or a 404 when no tracked stock has that symbol. */
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

/** One stock; a row opened from the list shows at once while the fresh record loads. */
export function useStock(symbol: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...stockQuery(symbol),
    placeholderData: () =>
      queryClient
        .getQueryData(stocksQuery.queryKey)
        ?.find((stock) => stock.symbol === symbol.toUpperCase()),
  });
}
