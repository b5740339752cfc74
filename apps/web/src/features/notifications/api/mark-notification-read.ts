import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQuery } from './get-notifications.ts';

/** `POST /api/notifications/:id/read`: idempotent; 404 for anything not the user's. */
export function markNotificationRead(id: string): Promise<void> {
  return apiRequest<void>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
  });
}

/** Shows the item read at once; a failure is logged only (docs/PRODUCT.md §11) and undone. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQuery;
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<NotificationList>(queryKey);
      queryClient.setQueryData<NotificationList>(queryKey, (list) =>
        list
          ? {
              notifications: list.notifications.map((item) =>
                item.id === id ? { ...item, read: true } : item,
              ),
            }
          : list,
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      console.warn('Failed to mark the notification as read', error);
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
