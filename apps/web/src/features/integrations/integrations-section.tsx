import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatedDestination, paths, planFor, settingsPath } from '@tickerwise/shared';
import { Webhook } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { subscribeLiveEvents } from '../../lib/live-events.ts';
import { useEntitlements } from '../../lib/session/use-entitlements.ts';
import {
  destinationsKey,
  notificationSettingsKey,
  setAlertEmails,
  useDestinations,
  useEmailDestination,
} from './api/integrations.ts';
import { AddDestinationForm } from './components/add-destination-form.tsx';
import { DestinationCard } from './components/destination-card.tsx';
import { SecretDialog } from './components/secret-dialog.tsx';
import { TeamDestinationsPanel } from './components/team-destinations.tsx';

/** Email as a destination: on or off through the alert-email preference (Notifications). */
function EmailDestination() {
  const queryClient = useQueryClient();
  const settings = useEmailDestination();
  const toggle = useMutation({
    mutationFn: (on: boolean) => setAlertEmails(on),
    onSuccess: (next) => queryClient.setQueryData(notificationSettingsKey, next),
  });
  if (!settings.data) {
    return settings.isError ? (
      <p className="py-4 text-sm text-slate-600">Your email settings could not be loaded.</p>
    ) : (
      <div role="status" className="py-4">
        <span className="sr-only">Loading your email settings</span>
        <Skeleton className="h-4 w-56" />
      </div>
    );
  }
  const { preferences, email, emailVerified } = settings.data;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink-950">Email</span>
          <Badge tone="outline">Email</Badge>
          {preferences.alertEmails ? (
            <Badge tone={emailVerified ? 'success' : 'warning'}>
              {emailVerified ? 'On' : 'Waiting for confirmation'}
            </Badge>
          ) : (
            <Badge>Off</Badge>
          )}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          To {email}, at most one email every 5 minutes. Each alert chooses whether it sends email;
          more in{' '}
          <Link
            to={settingsPath('notifications')}
            className="font-medium text-brand-700 hover:underline"
          >
            Notifications
          </Link>
          .
        </p>
        {toggle.error && (
          <Alert className="mt-2">
            {toggle.error instanceof ApiRequestError
              ? toggle.error.message
              : 'Your choice could not be saved. Please try again.'}
          </Alert>
        )}
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 self-start whitespace-nowrap"
        busy={toggle.isPending}
        busyLabel="Saving..."
        onClick={() => toggle.mutate(!preferences.alertEmails)}
      >
        {preferences.alertEmails ? 'Turn off' : 'Turn on'}
      </Button>
    </li>
  );
}

/**
 * docs/PRODUCT.md §3.19, Integrations: where alerts go besides the app: email, webhooks, Slack
 * and Discord, each with its delivery log; each alert chooses its destinations in its form.
 */
export function IntegrationsSection() {
  const entitlements = useEntitlements();
  const queryClient = useQueryClient();
  const list = useDestinations();
  const [created, setCreated] = useState<CreatedDestination | null>(null);
  const [added, setAdded] = useState<string>();
  // A team destination added, changed or gone, or a membership change, anywhere: refetch.
  useEffect(
    () =>
      subscribeLiveEvents('integrations', () =>
        queryClient.invalidateQueries({ queryKey: destinationsKey }),
      ),
    [queryClient],
  );
  if (!entitlements) return null;
  const included = list.data?.included ?? entitlements.has('integrations');
  const requiredPlan = planFor(entitlements.upgradeFor('integrations') ?? 'enterprise').name;
  const destinations = list.data?.destinations;
  const limit = list.data?.limit ?? 10;
  const full = destinations !== undefined && destinations.length >= limit;

  const body =
    list.isError && !destinations ? (
      <ErrorState
        title="Your integrations could not be loaded."
        onRetry={() => queryClient.invalidateQueries({ queryKey: destinationsKey })}
        retrying={list.isFetching}
      />
    ) : !destinations ? (
      <div role="status" className="space-y-3 py-2">
        <span className="sr-only">Loading your integrations</span>
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
    ) : (
      <ul className="divide-y divide-slate-100">
        <EmailDestination />
        {destinations.map((destination) => (
          <DestinationCard key={destination.id} destination={destination} included={included} />
        ))}
      </ul>
    );

  return (
    <div className="space-y-6">
      {!included && (
        <SettingsPanel
          title="Alert integrations"
          description={`Send your alerts to your own systems, Slack or Discord, signed and retried until they arrive: part of the ${requiredPlan} and Alpha Tester plans.`}
          action={
            <Link to={paths.pricing} className={buttonStyles({ size: 'sm' })}>
              Upgrade to {requiredPlan}
            </Link>
          }
        >
          {destinations && destinations.length > 0 && (
            <Alert tone="info">
              Your destinations are kept but nothing is sent to them until you are back on{' '}
              {requiredPlan} or Alpha Tester.
            </Alert>
          )}
        </SettingsPanel>
      )}
      <SettingsPanel
        title="Alert destinations"
        description={
          <>
            Where your alerts go besides Tickerwise. Webhooks get a JSON event signed with the
            Standard Webhooks scheme; every delivery is retried for 24 hours and logged. Up to{' '}
            {limit} destinations; each alert chooses its own in{' '}
            <Link to={paths.alerts} className="font-medium text-brand-700 hover:underline">
              your alerts
            </Link>
            .
          </>
        }
      >
        <div className="space-y-5">
          {included &&
            (full ? (
              <Alert tone="info">
                You have {destinations.length} of {limit} destinations. Delete one to add another.
              </Alert>
            ) : (
              <AddDestinationForm
                onCreated={async (next) => {
                  setAdded(`“${next.destination.name}” is added.`);
                  if (next.secret) setCreated(next);
                  await queryClient.invalidateQueries({ queryKey: destinationsKey });
                }}
              />
            ))}
          {added && <Alert tone="success">{added}</Alert>}
          {body}
          {destinations && destinations.length === 0 && (
            <EmptyState
              icon={Webhook}
              className="justify-items-center"
              title="No webhooks, Slack or Discord yet."
              description={
                included
                  ? 'Add one above, then choose it in an alert. "Send a test event" checks it first.'
                  : `Webhooks, Slack and Discord come with the ${requiredPlan} plan.`
              }
            />
          )}
        </div>
      </SettingsPanel>
      {list.data?.team && (
        <TeamDestinationsPanel
          team={list.data.team}
          limit={limit}
          onCreated={(next) => next.secret && setCreated(next)}
        />
      )}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
