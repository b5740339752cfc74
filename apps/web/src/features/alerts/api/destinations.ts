import { useQuery } from '@tanstack/react-query';
import { destinationListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/integrations/destinations` (the same entry as Settings > Integrations): the
 * webhooks, Slack and Discord an alert may post to.
 */
export function useAlertDestinations(enabled: boolean) {
  return useQuery({
    queryKey: ['integrations', 'destinations'],
    queryFn: async ({ signal }) =>
      destinationListSchema.parse(
        await apiRequest<unknown>('/api/integrations/destinations', { signal }),
      ),
    enabled,
    staleTime: 60_000,
  });
}
