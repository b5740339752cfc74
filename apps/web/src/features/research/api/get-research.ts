import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type EarningsResponse,
  earningsResponseSchema,
  type FilingsResponse,
  filingsResponseSchema,
  type NewsResponse,
  newsResponseSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

type Part = 'news' | 'earnings' | 'filings';

const schemas = {
  news: newsResponseSchema,
  earnings: earningsResponseSchema,
  filings: filingsResponseSchema,
} as const;

type Answer<P extends Part> = P extends 'news'
  ? NewsResponse
  : P extends 'earnings'
    ? EarningsResponse
    : FilingsResponse;

/** `GET /api/stocks/:symbol/{news|earnings|filings}`: kept by the server an hour or more. */
function researchQuery<P extends Part>(symbol: string, part: P) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), part],
    queryFn: async ({ signal }) => {
      const path = `/api/stocks/${encodeURIComponent(symbol)}/${part}`;
      return schemas[part].parse(await apiRequest<unknown>(path, { signal })) as Answer<P>;
    },
    staleTime: 5 * 60_000,
  });
}

export function useResearch<P extends Part>(symbol: string, part: P) {
  return useQuery(researchQuery(symbol, part));
}
