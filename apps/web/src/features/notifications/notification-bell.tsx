import type { Notification } from '@tickerwise/shared';
import { useCallback, useId, useRef, useState } from 'react';
import { BellIcon } from '../../components/icons.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
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
 * SPEC.md dashboard layout: the bell in the sidebar footer, with a red dot while anything is
 * unread, and the panel it opens. The list stays current through `/api/events`.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const { query, notifications, unread } = useCurrentNotifications();
  const markRead = useMarkNotificationRead();
  useLiveNotifications();

  const dismiss = useCallback((reason: 'outside' | 'escape') => {
    setOpen(false);
    if (reason === 'escape') trigger.current?.focus();
  }, []);
  useDismiss(container, open, dismiss);

  const openItem = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
  };

  return (
    <div ref={container} className="relative shrink-0">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={bellLabel(unread)}
        onClick={() => setOpen((shown) => !shown)}
        className="relative grid size-10 place-items-center rounded-xl text-slate-600 hover:bg-slate-100 hover:text-ink-950"
      >
        <BellIcon />
        {unread !== undefined && unread > 0 && (
          <span
            data-testid="notification-dot"
            aria-hidden="true"
            className="absolute top-2 right-2 size-2.5 rounded-full bg-red-500 ring-2 ring-white"
          />
        )}
      </button>
      {open && (
        <NotificationPanel
          id={panelId}
          titleId={titleId}
          notifications={notifications}
          // A failed refetch keeps the list it had: show it rather than the error.
          status={notifications ? 'success' : query.status}
          onRetry={() => query.refetch()}
          onOpen={openItem}
        />
      )}
    </div>
  );
}
