import type { AccountSession } from '@tickerwise/shared';
import { Monitor, Smartphone, Tablet, TerminalSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** A signed-in device or a known browser, as the server read it from its user agent. */
type DescribedDevice = Pick<AccountSession, 'browser' | 'os' | 'device'>;

const icons = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  other: TerminalSquare,
} as const;

/** "Chrome 131 on macOS", or what is known of it. */
export function deviceName(device: Pick<DescribedDevice, 'browser' | 'os'>): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown browser';
}

/** What the last action on a list did, shown above it. */
export type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** The server's message for a failed action, or `fallback` when it sent none. */
export const failureMessage = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

export function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Alert tone={outcome.tone} className="mb-2">
      {outcome.message}
    </Alert>
  );
}

interface DeviceListStateProps<T> {
  /** The loaded list; undefined until it is. */
  items: T[] | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  /** What could not be loaded, e.g. "Your sessions could not be loaded." */
  failedTitle: string;
  /** What a screen reader hears while it loads, e.g. "Loading your sessions". */
  loadingLabel: string;
  children: (items: T[]) => ReactNode;
}

/** A list of devices once loaded: two placeholder rows until then, a way to retry if it failed. */
export function DeviceListState<T>({
  items,
  failed,
  retrying,
  onRetry,
  failedTitle,
  loadingLabel,
  children,
}: DeviceListStateProps<T>) {
  if (items) return children(items);
  if (failed) return <ErrorState title={failedTitle} onRetry={onRetry} retrying={retrying} />;
  return (
    <div role="status" className="divide-y divide-slate-100">
      <span className="sr-only">{loadingLabel}</span>
      {[0, 1].map((row) => (
        <div key={row} className="flex gap-3 py-4">
          <Skeleton className="size-10 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

interface DeviceRowProps {
  device: DescribedDevice;
  /** "This device", "This browser": shown after the name when it is the one in use. */
  badge?: string;
  /** Its activity, e.g. "Last active 2 hours ago". */
  activity: ReactNode;
  /** Since when it is known, e.g. "Signed in 3 Mar 2026". */
  since: ReactNode;
  action?: {
    label: string;
    busyLabel: string;
    busy: boolean;
    /** The button's full name for a screen reader: which device it acts on. */
    ariaLabel: string;
    onClick: () => void;
  };
}

/** One device of a list: its icon, name, activity and the action on it, if any. */
export function DeviceRow({ device, badge, activity, since, action }: DeviceRowProps) {
  const Icon = icons[device.device];
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink-950">
            <span className="truncate">{deviceName(device)}</span>
            {badge && <Badge tone="brand">{badge}</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">{activity}</p>
          <p className="text-xs text-slate-500">{since}</p>
        </div>
      </div>
      {action && (
        <Button
          variant="secondary"
          size="sm"
          className="ml-13 self-start sm:ml-0 sm:self-center"
          busy={action.busy}
          busyLabel={action.busyLabel}
          onClick={action.onClick}
          aria-label={action.ariaLabel}
        >
          {action.label}
        </Button>
      )}
    </li>
  );
}
