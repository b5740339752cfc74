import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type TransactionPage, transactionPageSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys, portfolioPath } from './portfolio-keys.ts';

const pageSize = 25;

/** `GET /api/portfolios/:id/transactions?before=&limit=`: newest first, a page at a time. */
export async function getTransactions(
  id: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (before) query.set('before', before);
  return transactionPageSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/transactions?${query}`, { signal }),
  );
}

export function transactionsQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: portfolioKeys.transactions(id),
    queryFn: ({ pageParam, signal }) => getTransactions(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}

export function useTransactions(id: string) {
  return useInfiniteQuery(transactionsQuery(id));
}
