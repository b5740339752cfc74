import { queryOptions } from '@tanstack/react-query';
import { type AlertList, alertListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/alerts`: the user's alerts (one symbol's when given), recent firings, the limit. */
export async function getAlerts(symbol?: string, signal?: AbortSignal): Promise<AlertList> {
  const path = symbol ? `/api/alerts?symbol=${encodeURIComponent(symbol)}` : '/api/alerts';
  return alertListSchema.parse(await apiRequest<unknown>(path, { signal }));
}

export function alertsQuery(symbol?: string) {
  return queryOptions({
    queryKey: ['alerts', symbol ?? 'all'],
    queryFn: ({ signal }) => getAlerts(symbol, signal),
  });
}
