import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PortfolioSummary, portfolioSummarySchema, revalueSummary } from '@tickerwise/shared';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEntitlements } from '../../../lib/session/use-entitlements.ts';
import { useLivePrices } from '../../../lib/use-live-prices.ts';

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

/**
 * The summary revalued at the latest live prices of its holdings, for a real-time plan; a
 * delayed plan's is the polled one, and nothing is followed live.
 */
export function useLivePortfolioSummary() {
  const query = usePortfolioSummary();
  const access = useEntitlements()?.limits.marketData;
  const polled = query.data;
  const symbols = useMemo(
    () => (polled?.holdings ?? []).filter((held) => held.asOf !== null).map((held) => held.symbol),
    [polled],
  );
  const prices = useLivePrices(symbols, access?.kind === 'realtime');
  const data = useMemo(() => polled && revalueSummary(polled, prices), [polled, prices]);
  return { ...query, data };
}
