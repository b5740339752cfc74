import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';

/**
 * The user's lists change in another tab or device, or one of their alerts fires or changes
 * (the alerts column): refetch the lists on screen.
 */
export function useLiveWatchlists(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => queryClient.invalidateQueries({ queryKey: ['watchlists'] });
    const stopLists = subscribeLiveEvents('watchlists', refetch);
    const stopAlerts = subscribeLiveEvents('alerts', refetch);
    return () => {
      stopLists();
      stopAlerts();
    };
  }, [queryClient]);
}
