import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';
import { refreshMessages } from './messages-api.ts';

/**
 * A message sent or read, a conversation muted or a message removed changes the member's side
 * of a conversation, which the server announces on `/api/events` (topic `community_messages`)
 * from whichever instance wrote it: the conversation list, the open conversation and the
 * sidebar's count refetch.
 */
export function useLiveMessages(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents('community_messages', () => {
        void refreshMessages(queryClient);
      }),
    [queryClient],
  );
}
