import type { AccountSession } from '@tickerwise/shared';
import { formatDate, formatTimeAgo } from '../../../lib/format-time.ts';
import { DeviceRow, deviceName } from './device-list.tsx';

interface SessionRowProps {
  session: AccountSession;
  onSignOut: (session: AccountSession) => void;
  signingOut: boolean;
}

/** One device the user is signed in on, with "Sign out" unless it is this one. */
export function SessionRow({ session, onSignOut, signingOut }: SessionRowProps) {
  return (
    <DeviceRow
      device={session}
      badge={session.current ? 'This device' : undefined}
      activity={
        <>
          {session.ipAddress ?? 'Unknown address'}
          <span aria-hidden="true"> · </span>
          {session.current ? 'Active now' : `Last active ${formatTimeAgo(session.lastActiveAt)}`}
        </>
      }
      since={`Signed in ${formatDate(session.createdAt)}`}
      action={
        session.current
          ? undefined
          : {
              label: 'Sign out',
              busyLabel: 'Signing out...',
              busy: signingOut,
              ariaLabel: `Sign out ${deviceName(session)}, last active ${formatTimeAgo(session.lastActiveAt)}`,
              onClick: () => onSignOut(session),
            }
      }
    />
  );
}
