import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationSettings,
  notificationSettingsSchema,
  type UpdateNotificationPreferences,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const notificationSettingsKey = ['me', 'notification-preferences'] as const;

/** `GET /api/notification-preferences`: what the user gets by email, and the address's state. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: async ({ signal }) =>
      notificationSettingsSchema.parse(
        await apiRequest<unknown>('/api/notification-preferences', { signal }),
      ),
  });
}

/** `PATCH /api/notification-preferences`: one or more preferences, saved at once. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateNotificationPreferences): Promise<NotificationSettings> =>
      notificationSettingsSchema.parse(
        await apiRequest<unknown>('/api/notification-preferences', {
          method: 'PATCH',
          body: change,
        }),
      ),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey, settings),
  });
}

/** `POST /api/email/verification`: sends the confirmation link again (once a minute). */
export async function resendVerification(): Promise<void> {
  await apiRequest<unknown>('/api/email/verification', { method: 'POST' });
}
