import { useQuery } from '@tanstack/react-query';
import { unreadMessagesQuery } from './api/messages-api.ts';
import { useLiveMessages } from './api/use-live-messages.ts';

/** The sidebar's count of unread messages (muted conversations left out); nothing at 0. */
export function UnreadMessagesBadge() {
  const unread = useQuery(unreadMessagesQuery);
  useLiveMessages();
  const count = unread.data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread {count === 1 ? 'message' : 'messages'}</span>
    </span>
  );
}
