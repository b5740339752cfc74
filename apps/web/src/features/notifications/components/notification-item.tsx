import { isSafeNotificationLink, type Notification } from '@tickerwise/shared';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNotificationDate } from './format-notification-date.ts';

interface NotificationItemProps {
  notification: Notification;
  /** Called on click, before any link is followed: mark read and close the panel. */
  onOpen: (notification: Notification) => void;
}

const itemClass =
  'flex w-full gap-3 rounded-xl px-3 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50';

/**
 * One item: title, message and date (docs/PRODUCT.md §3.10). An app link opens in
 * place; an outside address opens in a new tab, so the dashboard stays where it was.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { link } = notification;
  const body = <ItemBody notification={notification} external={isExternal(link)} />;
  const open = () => onOpen(notification);

  if (link && isSafeNotificationLink(link)) {
    return isExternal(link) ? (
      <a href={link} target="_blank" rel="noopener noreferrer" onClick={open} className={itemClass}>
        {body}
      </a>
    ) : (
      <Link to={link} onClick={open} className={itemClass}>
        {body}
      </Link>
    );
  }
  return (
    <button type="button" onClick={open} className={itemClass}>
      {body}
    </button>
  );
}

function isExternal(link: string | null): boolean {
  return link !== null && !link.startsWith('/');
}

function ItemBody({
  notification,
  external,
}: {
  notification: Notification;
  external: boolean;
}): ReactNode {
  const { title, message, createdAt, read } = notification;
  return (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${read ? 'bg-transparent' : 'bg-brand-500'}`}
      />
      <span className="min-w-0 flex-1">
        <span
          className={`flex items-center gap-1 text-sm ${read ? 'font-medium text-slate-700' : 'font-semibold text-ink-950'}`}
        >
          {title}
          {external && <ExternalLink className="size-3.5 shrink-0 text-slate-400" />}
          {!read && <span className="sr-only"> (unread)</span>}
          {external && <span className="sr-only"> (opens in a new tab)</span>}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600">{message}</span>
        <time dateTime={createdAt} className="mt-1 block text-xs text-slate-400">
          {formatNotificationDate(createdAt)}
        </time>
      </span>
    </>
  );
}
