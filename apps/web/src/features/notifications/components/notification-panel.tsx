import type { Notification } from '@tickerwise/shared';
import { NotificationItem } from './notification-item.tsx';

interface NotificationPanelProps {
  id: string;
  titleId: string;
  notifications: Notification[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  onOpen: (notification: Notification) => void;
}

/** SPEC.md notification panel: titled 'Notifications', scrolling at about 24rem. */
export function NotificationPanel({
  id,
  titleId,
  notifications,
  status,
  onRetry,
  onOpen,
}: NotificationPanelProps) {
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="absolute bottom-full left-0 z-50 mb-2 w-80 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-slate-200 bg-white shadow-xl shadow-ink-950/10"
    >
      <h2
        id={titleId}
        className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-ink-950"
      >
        Notifications
      </h2>
      <div className="max-h-96 overflow-y-auto p-1.5">
        {status === 'pending' && (
          <p className="px-3 py-6 text-center text-sm text-slate-500">Loading...</p>
        )}
        {status === 'error' && (
          <div className="px-3 py-6 text-center text-sm text-slate-600">
            <p>Notifications could not be loaded.</p>
            <button
              type="button"
              onClick={onRetry}
              className="mt-2 font-semibold text-brand-700 hover:text-brand-800"
            >
              Try again
            </button>
          </div>
        )}
        {status === 'success' && notifications?.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-slate-500">No notifications</p>
        )}
        {status === 'success' && notifications && notifications.length > 0 && (
          <ul className="divide-y divide-slate-100">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
