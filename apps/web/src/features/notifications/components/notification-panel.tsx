import type { Notification } from '@tickerwise/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { NotificationItem } from './notification-item.tsx';

interface NotificationPanelProps {
  titleId: string;
  notifications: Notification[] | undefined;
  status: 'pending' | 'error' | 'success';
  retrying: boolean;
  onRetry: () => void;
  onOpen: (notification: Notification) => void;
}

/** docs/PRODUCT.md §3.10: titled 'Notifications', scrolling at about 24rem. */
export function NotificationPanel({
  titleId,
  notifications,
  status,
  retrying,
  onRetry,
  onOpen,
}: NotificationPanelProps) {
  return (
    <>
      <h2
        id={titleId}
        className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-ink-950"
      >
        Notifications
      </h2>
      <div className="max-h-96 overflow-y-auto p-1.5">
        {status === 'pending' && <LoadingItems />}
        {status === 'error' && (
          <ErrorState
            title="Notifications could not be loaded."
            onRetry={onRetry}
            retrying={retrying}
            className="m-1.5"
          />
        )}
        {status === 'success' && notifications?.length === 0 && (
          <EmptyState title="No notifications" size="compact" />
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
    </>
  );
}

function LoadingItems() {
  return (
    <div role="status" className="space-y-4 px-3 py-3">
      <span className="sr-only">Loading notifications</span>
      {[0, 1].map((row) => (
        <div key={row} className="space-y-2 pl-5">
          <Skeleton className="h-3.5 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-2.5 w-1/4" />
        </div>
      ))}
    </div>
  );
}
