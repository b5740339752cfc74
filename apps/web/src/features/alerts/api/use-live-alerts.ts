import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';

/** An alert fires or changes on any device: the lists on screen refetch at once. */
export function useLiveAlerts(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents('alerts', () => {
        queryClient.invalidateQueries({ queryKey: ['alerts'] });
      }),
    [queryClient],
  );
}
