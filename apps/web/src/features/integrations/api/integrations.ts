import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CreateDestinationInput,
  type CreatedDestination,
  createdDestinationSchema,
  type Delivery,
  type Destination,
  type DestinationList,
  deliveryAnswerSchema,
  deliveryListSchema,
  destinationAnswerSchema,
  destinationListSchema,
  type NotificationSettings,
  notificationSettingsSchema,
  type UpdateDestinationInput,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const destinationsKey = ['integrations', 'destinations'] as const;
export const deliveriesKey = (id: string) => ['integrations', 'deliveries', id] as const;
/** The same key as Settings > Notifications, so a change in one shows in the other. */
export const notificationSettingsKey = ['me', 'notification-preferences'] as const;

/** `GET /api/integrations/destinations`. */
export function useDestinations() {
  return useQuery(
    queryOptions({
      queryKey: destinationsKey,
      queryFn: async ({ signal }): Promise<DestinationList> =>
        destinationListSchema.parse(
          await apiRequest<unknown>('/api/integrations/destinations', { signal }),
        ),
    }),
  );
}

/** The delivery log of one destination; while a delivery is pending it looks again. */
export function useDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async ({ signal }): Promise<Delivery[]> =>
      deliveryListSchema.parse(
        await apiRequest<unknown>(
          `/api/integrations/destinations/${encodeURIComponent(id)}/deliveries`,
          { signal },
        ),
      ).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.state === 'pending') ? 3_000 : false,
  });
}

/** `GET /api/notification-preferences`: whether alert emails are on, and to which address. */
export function useEmailDestination() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: async ({ signal }): Promise<NotificationSettings> =>
      notificationSettingsSchema.parse(
        await apiRequest<unknown>('/api/notification-preferences', { signal }),
      ),
  });
}

export async function setAlertEmails(on: boolean): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(
    await apiRequest<unknown>('/api/notification-preferences', {
      method: 'PATCH',
      body: { alertEmails: on },
    }),
  );
}

/** `POST /api/integrations/destinations`: the only answer that holds the signing secret. */
export async function createDestination(
  input: CreateDestinationInput,
): Promise<CreatedDestination> {
  return createdDestinationSchema.parse(
    await apiRequest<unknown>('/api/integrations/destinations', { body: input }),
  );
}

export async function updateDestination(
  id: string,
  change: UpdateDestinationInput,
): Promise<Destination> {
  return destinationAnswerSchema.parse(
    await apiRequest<unknown>(`/api/integrations/destinations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: change,
    }),
  ).destination;
}

export async function deleteDestination(id: string): Promise<void> {
  await apiRequest(`/api/integrations/destinations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export async function sendTestEvent(id: string): Promise<Delivery> {
  return deliveryAnswerSchema.parse(
    await apiRequest<unknown>(`/api/integrations/destinations/${encodeURIComponent(id)}/test`, {
      method: 'POST',
    }),
  ).delivery;
}

export async function resendDelivery(id: string): Promise<Delivery> {
  return deliveryAnswerSchema.parse(
    await apiRequest<unknown>(`/api/integrations/deliveries/${encodeURIComponent(id)}/resend`, {
      method: 'POST',
    }),
  ).delivery;
}
