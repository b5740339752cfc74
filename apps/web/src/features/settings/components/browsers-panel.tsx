import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnownBrowser } from '@tickerwise/shared';
import { Monitor, Smartphone, Tablet, TerminalSquare } from 'lucide-react';
import { useState } from 'react';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDate, formatTimeAgo } from '../../../lib/format-time.ts';
import { forgetBrowser, knownBrowsersKey, useKnownBrowsers } from '../api/known-browsers.ts';
import { deviceName } from './session-row.tsx';

const icons = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  other: TerminalSquare,
} as const;

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/**
 * Settings, Security: the browsers that signed in to the account, and forgetting one, so that
 * its next sign-in is treated as new and emails a notice (docs/PRODUCT.md §3.19).
 */
export function BrowsersPanel() {
  const queryClient = useQueryClient();
  const browsers = useKnownBrowsers();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const forget = useMutation({
    mutationFn: (browser: KnownBrowser) => forgetBrowser(browser.id),
    onMutate: () => setOutcome(null),
    onSuccess: (_result, browser) =>
      setOutcome({
        tone: 'success',
        message: `${deviceName(browser)} is forgotten. Its next sign-in will email you a notice.`,
      }),
    onError: (error, browser) =>
      setOutcome({
        tone: 'error',
        message:
          error instanceof ApiRequestError
            ? error.message
            : `${deviceName(browser)} could not be forgotten. Please try again.`,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knownBrowsersKey }),
  });

  const list = browsers.data?.browsers;

  return (
    <SettingsPanel
      title="Browsers you've signed in with"
      description="A sign-in from any other browser emails you a notice. Forget a browser you no longer use: its next sign-in is treated as new, and you get a notice. Signed-in devices stay signed in."
    >
      {outcome && (
        <Alert tone={outcome.tone} className="mb-2">
          {outcome.message}
        </Alert>
      )}
      {browsers.isError && !list ? (
        <ErrorState
          title="Your browsers could not be loaded."
          onRetry={() => browsers.refetch()}
          retrying={browsers.isFetching}
        />
      ) : !list ? (
        <div role="status" className="divide-y divide-slate-100">
          <span className="sr-only">Loading your browsers</span>
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
      ) : list.length === 0 ? (
        <p className="py-4 text-sm text-slate-600">
          No browser is remembered now. Each browser is remembered when it signs in, and a sign-in
          from a browser not listed here emails you a notice.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.map((browser) => (
            <BrowserRow
              key={browser.id}
              browser={browser}
              forgetting={forget.isPending && forget.variables?.id === browser.id}
              onForget={(chosen) => forget.mutate(chosen)}
            />
          ))}
        </ul>
      )}
    </SettingsPanel>
  );
}

function BrowserRow({
  browser,
  forgetting,
  onForget,
}: {
  browser: KnownBrowser;
  forgetting: boolean;
  onForget: (browser: KnownBrowser) => void;
}) {
  const Icon = icons[browser.device];
  const name = deviceName(browser);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink-950">
            <span className="truncate">{name}</span>
            {browser.current && <Badge tone="brand">This browser</Badge>}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            Last signed in {formatTimeAgo(browser.lastSeenAt)}
          </p>
          <p className="text-xs text-slate-500">First seen {formatDate(browser.firstSeenAt)}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="ml-13 self-start sm:ml-0 sm:self-center"
        busy={forgetting}
        busyLabel="Forgetting..."
        onClick={() => onForget(browser)}
        aria-label={`Forget ${name}${browser.current ? ', this browser' : ''}, first seen ${formatDate(browser.firstSeenAt)}`}
      >
        Forget
      </Button>
    </li>
  );
}
