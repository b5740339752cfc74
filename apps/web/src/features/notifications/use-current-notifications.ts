import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@tickerwise/shared';
import { notificationsQuery } from './api/get-notifications.ts';

export interface CurrentNotifications {
  query: UseQueryResult<NotificationList>;
  /** Undefined until the list has loaded. */
  notifications: Notification[] | undefined;
  unread: number | undefined;
}

/**
 * The user's notifications that have not expired, and how many are unread. The server hides
 * expired items; one that expires while the page is open goes too. Every caller shares one
 * cached list.
 */
export function useCurrentNotifications(): CurrentNotifications {
  const query = useQuery(notificationsQuery);
  const notifications = query.data?.notifications.filter(
    (item) => item.expiresAt === null || Date.parse(item.expiresAt) > Date.now(),
  );
  return { query, notifications, unread: notifications?.filter((item) => !item.read).length };
}
