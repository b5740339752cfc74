import type { PerformanceRange } from '@tickerwise/shared';

/**
 * Query keys of portfolio data. Everything starts with `portfolios`, so invalidating that
 * prefix after a change refreshes every screen that shows portfolio figures (the dashboard
 * home's cards use the same prefix).
 */
export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: ['portfolios', 'list'] as const,
  holdings: (id: string) => ['portfolios', id, 'holdings'] as const,
  performance: (id: string, range: PerformanceRange) =>
    ['portfolios', id, 'performance', range] as const,
  transactions: (id: string) => ['portfolios', id, 'transactions'] as const,
};

export const portfolioPath = (id: string) => `/api/portfolios/${encodeURIComponent(id)}`;
