import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';
import { notificationsQuery } from './get-notifications.ts';

/**
 * docs/PRODUCT.md §8: any change to the user's notifications triggers a refetch. The server
 * announces it on `/api/events`; after a reconnect the list is refetched too.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents('notifications', () => {
        queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      }),
    [queryClient],
  );
}
