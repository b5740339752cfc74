import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnownBrowser } from '@tickerwise/shared';
import { useState } from 'react';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { formatDate, formatTimeAgo } from '../../../lib/format-time.ts';
import { forgetBrowser, knownBrowsersKey, useKnownBrowsers } from '../api/known-browsers.ts';
import {
  DeviceListState,
  DeviceRow,
  deviceName,
  failureMessage,
  type Outcome,
  OutcomeAlert,
} from './device-list.tsx';

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
        message: failureMessage(
          error,
          `${deviceName(browser)} could not be forgotten. Please try again.`,
        ),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knownBrowsersKey }),
  });

  const list = browsers.data?.browsers;

  return (
    <SettingsPanel
      title="Browsers you've signed in with"
      description="A sign-in from any other browser emails you a notice. Forget a browser you no longer use: its next sign-in is treated as new, and you get a notice. Signed-in devices stay signed in."
    >
      <OutcomeAlert outcome={outcome} />
      <DeviceListState
        items={list}
        failed={browsers.isError}
        retrying={browsers.isFetching}
        onRetry={() => browsers.refetch()}
        failedTitle="Your browsers could not be loaded."
        loadingLabel="Loading your browsers"
      >
        {(loaded) =>
          loaded.length === 0 ? (
            <p className="py-4 text-sm text-slate-600">
              No browser is remembered now. Each browser is remembered when it signs in, and a
              sign-in from a browser not listed here emails you a notice.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {loaded.map((browser) => (
                <DeviceRow
                  key={browser.id}
                  device={browser}
                  badge={browser.current ? 'This browser' : undefined}
                  activity={`Last signed in ${formatTimeAgo(browser.lastSeenAt)}`}
                  since={`First seen ${formatDate(browser.firstSeenAt)}`}
                  action={{
                    label: 'Forget',
                    busyLabel: 'Forgetting...',
                    busy: forget.isPending && forget.variables?.id === browser.id,
                    ariaLabel: `Forget ${deviceName(browser)}${browser.current ? ', this browser' : ''}, first seen ${formatDate(browser.firstSeenAt)}`,
                    onClick: () => forget.mutate(browser),
                  }}
                />
              ))}
            </ul>
          )
        }
      </DeviceListState>
    </SettingsPanel>
  );
}
