import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type FinancialStatements,
  type FundData,
  financialStatementsSchema,
  fundDataSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/stocks/:symbol/financials`: kept by the server for hours. */
function statementsQuery(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'financials'],
    queryFn: async ({ signal }): Promise<FinancialStatements> =>
      financialStatementsSchema.parse(
        await apiRequest<unknown>(`/api/stocks/${encodeURIComponent(symbol)}/financials`, {
          signal,
        }),
      ),
    staleTime: 10 * 60_000,
  });
}

/** `GET /api/stocks/:symbol/fund`: a fund's expense ratio, assets, holdings and sectors. */
function fundQuery(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'fund'],
    queryFn: async ({ signal }): Promise<FundData> =>
      fundDataSchema.parse(
        await apiRequest<unknown>(`/api/stocks/${encodeURIComponent(symbol)}/fund`, { signal }),
      ),
    staleTime: 10 * 60_000,
  });
}

export function useStatements(symbol: string) {
  return useQuery(statementsQuery(symbol));
}

export function useFund(symbol: string) {
  return useQuery(fundQuery(symbol));
}
