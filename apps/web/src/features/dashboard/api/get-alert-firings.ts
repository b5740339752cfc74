import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AlertFiring, alertFiringsSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/alerts/firings?limit=`: the user's latest alert firings. */
export async function getAlertFirings(limit: number, signal?: AbortSignal): Promise<AlertFiring[]> {
  return alertFiringsSchema.parse(
    await apiRequest<unknown>(`/api/alerts/firings?limit=${limit}`, { signal }),
  ).firings;
}

export function alertFiringsQuery(limit: number) {
  return queryOptions({
    // Under 'alerts', so a firing that arrives live (which refreshes alerts) refreshes it too.
    queryKey: ['alerts', 'firings', limit],
    queryFn: ({ signal }) => getAlertFirings(limit, signal),
  });
}

export function useAlertFirings(limit: number) {
  return useQuery(alertFiringsQuery(limit));
}
