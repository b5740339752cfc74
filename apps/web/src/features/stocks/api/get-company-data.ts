import { queryOptions } from '@tanstack/react-query';
import { type CompanyData, companyDataSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { isStockNotFound } from './get-stock.ts';

/** `GET /api/stocks/:symbol/profile`: the company's (or fund's) profile and key statistics. */
export async function getCompanyData(symbol: string, signal?: AbortSignal): Promise<CompanyData> {
  const path = `/api/stocks/${encodeURIComponent(symbol)}/profile`;
  return companyDataSchema.parse(await apiRequest<unknown>(path, { signal }));
}

/** Company figures are taken from the source once a day: an hour's reuse is plenty. */
export function companyDataQuery(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'profile'],
    queryFn: ({ signal }) => getCompanyData(symbol, signal),
    staleTime: 60 * 60_000,
    retry: (failures, error) => !isStockNotFound(error) && failures < 1,
  });
}
