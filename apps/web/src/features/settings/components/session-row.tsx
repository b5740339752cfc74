import type { AccountSession } from '@tickerwise/shared';
import { Monitor, Smartphone, Tablet, TerminalSquare } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, formatTimeAgo } from '../../../lib/format-time.ts';

const icons = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  other: TerminalSquare,
} as const;

/** "Chrome 131 on macOS", or what is known of it. */
export function deviceName(session: Pick<AccountSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

interface SessionRowProps {
  session: AccountSession;
  onSignOut: (session: AccountSession) => void;
  signingOut: boolean;
}

/** One device the user is signed in on, with "Sign out" unless it is this one. */
export function SessionRow({ session, onSignOut, signingOut }: SessionRowProps) {
  const Icon = icons[session.device];
  const name = deviceName(session);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink-950">
            <span className="truncate">{name}</span>
            {session.current && <Badge tone="brand">This device</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {session.ipAddress ?? 'Unknown address'}
            <span aria-hidden="true"> · </span>
            {session.current ? 'Active now' : `Last active ${formatTimeAgo(session.lastActiveAt)}`}
          </p>
          <p className="text-xs text-slate-500">Signed in {formatDate(session.createdAt)}</p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="ml-13 self-start sm:ml-0 sm:self-center"
          busy={signingOut}
          busyLabel="Signing out..."
          onClick={() => onSignOut(session)}
          aria-label={`Sign out ${name}, last active ${formatTimeAgo(session.lastActiveAt)}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
