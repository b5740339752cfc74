import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PortfolioSummary, portfolioSummarySchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/portfolios/summary`: all the user's portfolios added up at the latest prices. */
export async function getPortfolioSummary(signal?: AbortSignal): Promise<PortfolioSummary> {
  return portfolioSummarySchema.parse(
    await apiRequest<unknown>('/api/portfolios/summary', { signal }),
  );
}

// Under the `portfolios` prefix: a change on the portfolio page refreshes it too.
export const portfolioSummaryQuery = queryOptions({
  queryKey: ['portfolios', 'summary'],
  queryFn: ({ signal }) => getPortfolioSummary(signal),
  refetchInterval: 60_000,
});

export function usePortfolioSummary() {
  return useQuery(portfolioSummaryQuery);
}
