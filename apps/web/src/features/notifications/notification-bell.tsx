import type { Notification } from '@tickerwise/shared';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { iconButtonStyles } from '../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { useLiveNotifications } from './api/use-live-notifications.ts';
import { NotificationPanel } from './components/notification-panel.tsx';
import { useCurrentNotifications } from './use-current-notifications.ts';

function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Notifications';
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/**
 * docs/PRODUCT.md §3.10: the bell in the sidebar footer, with a red dot while anything is
 * unread, and the panel it opens. The list stays current through `/api/events`.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const { query, notifications, unread } = useCurrentNotifications();
  const markRead = useMarkNotificationRead();
  useLiveNotifications();

  const openItem = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger aria-label={bellLabel(unread)} className={iconButtonStyles()}>
        <Bell className="size-5" />
        {unread !== undefined && unread > 0 && (
          <span
            data-testid="notification-dot"
            aria-hidden="true"
            className="absolute top-2 right-2 size-2.5 rounded-full bg-red-500 ring-2 ring-white"
          />
        )}
      </PopoverTrigger>
      <PopoverContent side="top" align="start" aria-labelledby={titleId} className="w-80">
        <NotificationPanel
          titleId={titleId}
          notifications={notifications}
          // A failed refetch keeps the list it had: show it rather than the error.
          status={notifications ? 'success' : query.status}
          retrying={query.isFetching}
          onRetry={() => query.refetch()}
          onOpen={openItem}
        />
      </PopoverContent>
    </Popover>
  );
}
