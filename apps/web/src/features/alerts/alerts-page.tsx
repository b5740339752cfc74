import { useQuery } from '@tanstack/react-query';
import { type Alert, hasFeature, teamRoleLabels, type UpdateAlertInput } from '@tickerwise/shared';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Alert as Notice } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { useInTeam } from '../../lib/use-in-team.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  alreadyMetQuestionOf,
  deleteAlert,
  shareAlert,
  updateAlert,
  useAlertChange,
} from './api/alert-changes.ts';
import { alertsQuery } from './api/get-alerts.ts';
import { useLiveAlerts } from './api/use-live-alerts.ts';
import { AlertDialog } from './components/alert-dialog.tsx';
import { AlertList } from './components/alert-list.tsx';
import { AlreadyMetQuestion } from './components/already-met-question.tsx';
import { FiringHistory } from './components/firing-history.tsx';
import { UpgradePrompt } from './components/upgrade-prompt.tsx';

/** docs/PRODUCT.md §3.22: the user's alerts with their state, and every firing. */
export function AlertsPage() {
  usePageTitle('Alerts');
  useLiveAlerts();
  const auth = useAuth();
  const { data, isError, isFetching, refetch } = useQuery(alertsQuery());
  const [editing, setEditing] = useState<Alert | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const setState = useAlertChange(
    ({
      alert,
      state,
      ifAlreadyMet,
    }: { alert: Alert; state: 'armed' | 'paused' } & Pick<UpdateAlertInput, 'ifAlreadyMet'>) =>
      updateAlert(alert.id, { state, ...(ifAlreadyMet ? { ifAlreadyMet } : {}) }),
  );
  const remove = useAlertChange((alert: Alert) => deleteAlert(alert.id));
  const share = useAlertChange(({ alert, into }: { alert: Alert; into: boolean }) =>
    shareAlert(alert.id, into),
  );
  const inTeam = useInTeam();
  const tier = auth.status === 'signed-in' ? auth.user.subscription_tier : 'free';
  const included = hasFeature(tier, 'customAlerts');

  if (!data) {
    return isError ? (
      <ErrorState
        title="Failed to load your alerts"
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    ) : (
      <CenteredSpinner label="Loading your alerts" className="py-24" />
    );
  }
  // The plan's limit counts the user's own alerts; the team's count on the team's plan.
  const own = data.alerts.filter((alert) => !alert.shared);
  const teamAlerts = data.alerts.filter((alert) => alert.shared);
  const teamShare = teamAlerts[0]?.shared;
  const atLimit = own.length >= data.allowed;
  // Resuming a price alert whose level is already reached asks what to do (§3.22).
  const question = alreadyMetQuestionOf(setState.error);
  const failure = (question ? null : setState.error) ?? remove.error ?? share.error;
  const onShare =
    inTeam || teamAlerts.length > 0
      ? (alert: Alert, into: boolean) => share.mutate({ alert, into })
      : undefined;

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Alerts</h1>
          <p className="mt-1 text-slate-600">
            Prices are checked on every new quote, a day's change during the regular session (9:30
            AM to 4:00 PM ET); moving averages, RSI and ratings on each day's close.
          </p>
        </div>
        {included && (
          <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
            <Button
              className="whitespace-nowrap"
              disabled={atLimit}
              onClick={() => {
                setEditing(undefined);
                setDialogOpen(true);
              }}
            >
              <Plus className="size-4" />
              New alert
            </Button>
            <p className={`text-xs ${atLimit ? 'font-medium text-amber-800' : 'text-slate-500'}`}>
              {own.length} of {data.allowed} alerts{atLimit ? ': your plan’s limit' : ''}
            </p>
          </div>
        )}
      </header>

      {!included && <UpgradePrompt />}
      {failure && (
        <Notice
          tone="error"
          action={
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => {
                setState.reset();
                remove.reset();
                share.reset();
              }}
            >
              Dismiss
            </button>
          }
        >
          {failure.message}
        </Notice>
      )}

      {question && setState.variables && (
        <AlreadyMetQuestion
          question={question}
          busy={setState.isPending}
          onChoose={(ifAlreadyMet) => setState.mutate({ ...setState.variables!, ifAlreadyMet })}
        />
      )}
      {(included || own.length > 0) && (
        <section aria-labelledby="alerts-heading" className="space-y-3">
          <h2 id="alerts-heading" className="text-base font-semibold text-ink-950">
            Your alerts
          </h2>
          {own.length === 0 ? (
            <EmptyState
              title="No alerts yet"
              description="Set one here, or from any stock's page: a price level, a day's move, a moving-average cross, an RSI level or a rating change."
            />
          ) : (
            <AlertList
              alerts={own}
              onEdit={(alert) => {
                setEditing(alert);
                setDialogOpen(true);
              }}
              onSetState={(alert, state) => setState.mutate({ alert, state })}
              onDelete={(alert) => remove.mutate(alert)}
              {...(onShare ? { onShare } : {})}
            />
          )}
        </section>
      )}

      {teamShare && (
        <section aria-labelledby="team-alerts-heading" className="space-y-3">
          <h2 id="team-alerts-heading" className="text-base font-semibold text-ink-950">
            Team alerts · {teamShare.teamName}
          </h2>
          <p className="text-sm text-slate-600">
            <Users
              aria-hidden="true"
              className="mr-1.5 inline size-4 align-[-3px] text-brand-700"
            />
            You are {teamRoleLabels[teamShare.role]}.
            {teamShare.readOnly
              ? ' The team is read-only until its owner is on Enterprise again.'
              : teamShare.role === 'viewer'
                ? ' Viewers see the team’s alerts; Editors change them.'
                : ' Firings reach the member who set the alert, and the team’s destinations it posts to.'}
          </p>
          <AlertList
            alerts={teamAlerts}
            onEdit={(alert) => {
              setEditing(alert);
              setDialogOpen(true);
            }}
            onSetState={(alert, state) => setState.mutate({ alert, state })}
            onDelete={(alert) => remove.mutate(alert)}
            {...(onShare ? { onShare } : {})}
          />
        </section>
      )}

      {(included || data.firings.length > 0) && (
        <section aria-labelledby="firings-heading" className="space-y-3">
          <h2 id="firings-heading" className="text-base font-semibold text-ink-950">
            History
          </h2>
          <FiringHistory firings={data.firings} />
        </section>
      )}

      <AlertDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        {...(editing ? { alert: editing } : {})}
      />
    </div>
  );
}

export { AlertsPage as Component };
