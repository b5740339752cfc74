import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@tickerwise/shared';
import { useState } from 'react';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { endSession, signOutOtherSessions } from '../api/end-sessions.ts';
import { sessionsKey, useSessions } from '../api/get-sessions.ts';
import {
  DeviceListState,
  deviceName,
  failureMessage,
  type Outcome,
  OutcomeAlert,
} from './device-list.tsx';
import { SessionRow } from './session-row.tsx';

/** Settings, Security: every device signed in, and signing them out (docs/PRODUCT.md §3.19). */
export function SessionsPanel() {
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });

  const endOne = useMutation({
    mutationFn: (session: AccountSession) => endSession(session.id),
    onMutate: () => setOutcome(null),
    onSuccess: (_result, session) =>
      setOutcome({ tone: 'success', message: `${deviceName(session)} is signed out.` }),
    onError: (error, session) =>
      setOutcome({
        tone: 'error',
        message: failureMessage(
          error,
          `${deviceName(session)} could not be signed out. Please try again.`,
        ),
      }),
    onSettled: refresh,
  });

  const endOthers = useMutation({
    mutationFn: signOutOtherSessions,
    onMutate: () => setOutcome(null),
    onSuccess: ({ signedOut, revokedApiKeys }) =>
      setOutcome({
        tone: 'success',
        message: [
          signedOut === 0
            ? 'No other device was signed in.'
            : `Signed out ${signedOut} other device${signedOut === 1 ? '' : 's'}.`,
          revokedApiKeys === 0
            ? ''
            : `Revoked ${revokedApiKeys} API key${revokedApiKeys === 1 ? '' : 's'}.`,
        ]
          .filter(Boolean)
          .join(' '),
      }),
    onError: (error) =>
      setOutcome({
        tone: 'error',
        message: failureMessage(error, 'Other devices could not be signed out. Please try again.'),
      }),
    onSettled: async () => {
      await refresh();
      // The API tab's list of keys: signing out everywhere else revokes them.
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });

  const list = sessions.data?.sessions;
  const others = list?.filter((session) => !session.current).length ?? 0;

  return (
    <SettingsPanel
      title="Where you're signed in"
      description="Sign out a device you don't recognise or no longer use. Addresses and browsers are as each device reported them. Signing out everywhere else also revokes your API keys."
      action={
        <Button
          variant="secondary"
          size="sm"
          disabled={!list || others === 0}
          busy={endOthers.isPending}
          busyLabel="Signing out..."
          onClick={() => endOthers.mutate()}
        >
          Sign out everywhere else
        </Button>
      }
    >
      <OutcomeAlert outcome={outcome} />
      <DeviceListState
        items={list}
        failed={sessions.isError}
        retrying={sessions.isFetching}
        onRetry={() => sessions.refetch()}
        failedTitle="Your sessions could not be loaded."
        loadingLabel="Loading your sessions"
      >
        {(loaded) => (
          <>
            <ul className="divide-y divide-slate-100">
              {loaded.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  signingOut={endOne.isPending && endOne.variables?.id === session.id}
                  onSignOut={(chosen) => endOne.mutate(chosen)}
                />
              ))}
            </ul>
            {others === 0 && (
              <p className="mt-2 text-sm text-slate-500">You're signed in on this device only.</p>
            )}
          </>
        )}
      </DeviceListState>
    </SettingsPanel>
  );
}
