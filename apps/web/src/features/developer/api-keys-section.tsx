import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKey,
  apiDocsPath,
  apiKeysPerUser,
  type CreatedApiKey,
  paths,
  planFor,
} from '@tickerwise/shared';
import { BookOpen, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useEntitlements } from '../../lib/session/use-entitlements.ts';
import { apiKeysKey, revokeApiKey, useApiKeys } from './api/api-keys.ts';
import { ApiOutlineList } from './components/api-outline-list.tsx';
import { CreateKeyForm } from './components/create-key-form.tsx';
import { KeyList } from './components/key-list.tsx';
import { NewKeyDialog } from './components/new-key-dialog.tsx';

const docsLink = (
  <a href={apiDocsPath} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
    <BookOpen aria-hidden="true" className="size-4" />
    API reference
  </a>
);

/**
 * docs/PRODUCT.md §3.20, Settings, API: keys for plans with API access; for the others, what
 * the API offers and the plan that has it.
 */
export function ApiKeysSection() {
  const entitlements = useEntitlements();
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string }>();

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onMutate: () => setOutcome(undefined),
    onSuccess: (_result, key) =>
      setOutcome({ tone: 'success', message: `“${key.name}” is revoked and no longer works.` }),
    onError: (error, key) =>
      setOutcome({
        tone: 'error',
        message:
          error instanceof ApiRequestError
            ? error.message
            : `“${key.name}” could not be revoked. Please try again.`,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });

  if (!entitlements) return null;
  const allowed = entitlements.has('apiAccess');
  const requiredPlan = planFor(entitlements.upgradeFor('apiAccess') ?? 'enterprise').name;
  const list = keys.data?.keys;
  const rateLimit = keys.data?.rateLimit;

  const keyList =
    keys.isError && !list ? (
      <ErrorState
        title="Your API keys could not be loaded."
        onRetry={() => keys.refetch()}
        retrying={keys.isFetching}
      />
    ) : !list ? (
      <div role="status" className="space-y-3 py-2">
        <span className="sr-only">Loading your API keys</span>
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
    ) : list.length === 0 ? (
      <EmptyState
        icon={KeyRound}
        title="No API keys yet."
        description="Create one above to call the API from your scripts."
      />
    ) : (
      <KeyList
        keys={list}
        revoking={revoke.isPending ? (revoke.variables?.id ?? null) : null}
        onRevoke={async (key) => {
          await revoke.mutateAsync(key).catch(() => {});
        }}
      />
    );

  return (
    <div className="space-y-6">
      {allowed ? (
        <SettingsPanel
          title="API keys"
          description={
            <>
              Call the Tickerwise API from your own scripts and spreadsheets: send a key as{' '}
              <code className="font-mono">Authorization: Bearer</code>.
              {rateLimit &&
                ` Each key may make ${rateLimit.requests} requests ${rateLimit.windowSeconds === 60 ? 'a minute' : `every ${rateLimit.windowSeconds} seconds`}.`}{' '}
              Up to {apiKeysPerUser} keys.
            </>
          }
          action={docsLink}
        >
          <div className="space-y-5">
            <CreateKeyForm
              onCreated={async (key) => {
                setOutcome(undefined);
                setCreated(key);
                await queryClient.invalidateQueries({ queryKey: apiKeysKey });
              }}
            />
            {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
            {keyList}
          </div>
        </SettingsPanel>
      ) : null}
      {allowed ? (
        <SettingsPanel
          title="What you can call"
          description="Every endpoint, from the API's own description. The reference has parameters, examples and a way to try each one."
        >
          <ApiOutlineList />
        </SettingsPanel>
      ) : (
        <>
          <SettingsPanel
            title="API access"
            description={`The Tickerwise API comes with the ${requiredPlan} and Alpha Tester plans: read Tickerwise data from your own scripts and spreadsheets. This is what it offers.`}
            action={
              <Link to={paths.pricing} className={buttonStyles({ size: 'sm' })}>
                Upgrade to {requiredPlan}
              </Link>
            }
          >
            <ApiOutlineList />
            <p className="mt-4 text-sm text-slate-600">
              See every endpoint, its parameters and examples in the{' '}
              <a href={apiDocsPath} className="font-semibold text-brand-700 hover:underline">
                API reference
              </a>
              .
            </p>
          </SettingsPanel>
          {list && list.length > 0 && (
            <SettingsPanel
              title="Your API keys"
              description={`Your keys are paused: they work again as soon as you're back on ${requiredPlan} or Alpha Tester. Revoke the ones you no longer need.`}
            >
              {outcome && (
                <Alert tone={outcome.tone} className="mb-2">
                  {outcome.message}
                </Alert>
              )}
              {keyList}
            </SettingsPanel>
          )}
        </>
      )}
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
