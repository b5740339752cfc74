import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@tickerwise/shared';
import { useState } from 'react';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { endSession, signOutOtherSessions } from '../api/end-sessions.ts';
import { sessionsKey, useSessions } from '../api/get-sessions.ts';
import { deviceName, SessionRow } from './session-row.tsx';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

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
        message: failure(
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
        message: failure(error, 'Other devices could not be signed out. Please try again.'),
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
      {outcome && (
        <Alert tone={outcome.tone} className="mb-2">
          {outcome.message}
        </Alert>
      )}
      {sessions.isError && !list ? (
        <ErrorState
          title="Your sessions could not be loaded."
          onRetry={() => sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : !list ? (
        <div role="status" className="divide-y divide-slate-100">
          <span className="sr-only">Loading your sessions</span>
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
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {list.map((session) => (
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
    </SettingsPanel>
  );
}
