import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, CreateAlertInput, UpdateAlertInput } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

const alertPath = (id: string) => `/api/alerts/${encodeURIComponent(id)}`;

export function createAlert(input: CreateAlertInput) {
  return apiRequest<{ alert: Alert }>('/api/alerts', { body: input });
}

export function updateAlert(id: string, input: UpdateAlertInput) {
  return apiRequest<{ alert: Alert }>(alertPath(id), { method: 'PATCH', body: input });
}

export function deleteAlert(id: string) {
  return apiRequest<void>(alertPath(id), { method: 'DELETE' });
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
