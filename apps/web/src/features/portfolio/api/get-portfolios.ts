import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PortfolioList, portfolioListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys } from './portfolio-keys.ts';

/** `GET /api/portfolios`: the user's portfolios, oldest first, and how many the plan allows. */
export async function getPortfolios(signal?: AbortSignal): Promise<PortfolioList> {
  return portfolioListSchema.parse(await apiRequest<unknown>('/api/portfolios', { signal }));
}

export const portfoliosQuery = queryOptions({
  queryKey: portfolioKeys.list,
  queryFn: ({ signal }) => getPortfolios(signal),
});

export function usePortfolios() {
  return useQuery(portfoliosQuery);
}
