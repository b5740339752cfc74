import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AlertSaved,
  alertAlreadyMetCode,
  type CreateAlertInput,
  type UpdateAlertInput,
} from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

const alertPath = (id: string) => `/api/alerts/${encodeURIComponent(id)}`;

export function createAlert(input: CreateAlertInput) {
  return apiRequest<AlertSaved>('/api/alerts', { body: input });
}

export function updateAlert(id: string, input: UpdateAlertInput) {
  return apiRequest<AlertSaved>(alertPath(id), { method: 'PATCH', body: input });
}

export function deleteAlert(id: string) {
  return apiRequest<void>(alertPath(id), { method: 'DELETE' });
}

/** `PUT /api/alerts/:id/team`: into the user's team, or back out (its maker only). */
export function shareAlert(id: string, shared: boolean) {
  return apiRequest<{ alert: unknown }>(`${alertPath(id)}/team`, {
    method: 'PUT',
    body: { shared },
  });
}

/** A change to the user's alerts; alerts and watchlists (their alerts column) refetch after. */
export function useAlertChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['alerts'] }),
        queryClient.invalidateQueries({ queryKey: ['watchlists'] }),
      ]);
    },
  });
}

/** The server asks whether to fire a price alert whose level is already reached. */
export function alreadyMetQuestionOf(error: unknown): string | null {
  return error instanceof ApiRequestError && error.code === alertAlreadyMetCode
    ? error.message
    : null;
}
