import { useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/notification-preferences` (the same entry as Settings > Notifications): whether
 * new alerts send email by default, and whether alert emails can go at all.
 */
export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'notification-preferences'],
    queryFn: async ({ signal }) =>
      notificationSettingsSchema.parse(
        await apiRequest<unknown>('/api/notification-preferences', { signal }),
      ),
    enabled,
    staleTime: 60_000,
  });
}
