import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type IntradayRange,
  type IntradayResponse,
  intradayResponseSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { isStockNotFound } from './get-stock.ts';

/** `GET /api/stocks/:symbol/intraday?range=`: the 1D or 5D bars, up to the plan's delay. */
async function getIntraday(
  symbol: string,
  range: IntradayRange,
  signal?: AbortSignal,
): Promise<IntradayResponse> {
  const path = `/api/stocks/${encodeURIComponent(symbol)}/intraday?range=${range}`;
  return intradayResponseSchema.parse(await apiRequest<unknown>(path, { signal }));
}

/** Intraday bars move while the market trades: asked again each minute (as quotes are). */
function intradayQuery(symbol: string, range: IntradayRange) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'intraday', range],
    queryFn: ({ signal }) => getIntraday(symbol, range, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: (failures, error) => !isStockNotFound(error) && failures < 1,
  });
}

/**
 * The bars of 1D or 5D (`range` null: none asked for). Switching ranges keeps the chart drawn
 * until the new bars arrive, as the daily ranges do.
 */
export function useIntraday(symbol: string | null, range: IntradayRange | null) {
  return useQuery({
    ...intradayQuery(symbol ?? '', range ?? '1d'),
    enabled: symbol !== null && range !== null,
    placeholderData: (previous) =>
      previous?.symbol === symbol?.toUpperCase() ? keepPreviousData(previous) : undefined,
  });
}
