import { queryOptions } from '@tanstack/react-query';
import { type NotificationList, notificationListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/notifications`: the user's notifications, newest first, each with `read`. */
export async function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return notificationListSchema.parse(await apiRequest<unknown>('/api/notifications', { signal }));
}

/**
 * Refetched when the server announces a change (see `use-live-notifications.ts`), so there
 * is no polling; StrictMode and remounts reuse the cached list for a while.
 */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: ({ signal }) => getNotifications(signal),
  staleTime: 60_000,
});
