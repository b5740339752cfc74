import { queryOptions } from '@tanstack/react-query';
import { type Health, healthSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/health`: answers 503 when the server cannot reach its database. */
export async function getHealth(signal?: AbortSignal): Promise<Health> {
  return healthSchema.parse(await apiRequest<unknown>('/api/health', { signal }));
}

/**
 * Checked when the dashboard opens (docs/PRODUCT.md §3.10) and every 30 s after, so an outage
 * shows within a minute; during an outage every 5 s, so the banner goes soon after the
 * database is back.
 */
export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => getHealth(signal),
  refetchInterval: (query) => (query.state.status === 'error' ? 5_000 : 30_000),
  staleTime: 0,
  retry: false,
});
