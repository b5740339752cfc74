import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatPrice,
  type Me,
  paths,
  planFor,
  type SubscriptionSummary,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAuthActions } from '../../../lib/session/auth-provider.tsx';
import { changePlan } from '../api/change-plan.ts';
import { billingStatusKey, useBillingStatus } from '../api/get-billing-status.ts';
import { paymentsKey } from '../api/get-payments.ts';
import { formatLongDate } from '../format-date.ts';

/** What happens next to a paid plan: renewal, a scheduled move, or a failed payment. */
function PeriodNote({ subscription }: { subscription: SubscriptionSummary }) {
  const date = formatLongDate(subscription.currentPeriodEnd);
  if (subscription.scheduledTier) {
    return (
      <p className="text-sm text-amber-800">
        Changes to {planFor(subscription.scheduledTier).name} on {date}. Until then you keep{' '}
        {planFor(subscription.tier).name}.
      </p>
    );
  }
  if (subscription.status === 'past_due') {
    return (
      <p className="text-sm text-amber-800">
        Your last payment failed. We'll try your card again; you keep your plan meanwhile. The
        period ends on {date}.
      </p>
    );
  }
  return <p className="text-sm text-slate-600">Renews on {date}.</p>;
}

/** Settings, Plan and billing: the plan, its next date, and changing or cancelling it. */
export function CurrentPlanPanel({ user }: { user: Me }) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuthActions();
  const tier = user.subscription_tier;
  const plan = planFor(tier);
  const billing = useBillingStatus(plan.requiresPayment);
  const subscription = billing.data?.subscription ?? null;
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string }>();

  const move = useMutation({
    mutationFn: (target: SubscriptionTier) => changePlan(target),
    onMutate: () => setOutcome(undefined),
    onSuccess: async (result, target) => {
      queryClient.setQueryData(billingStatusKey, result.billing);
      await queryClient.invalidateQueries({ queryKey: paymentsKey });
      await refreshUser();
      setConfirming(false);
      const end = result.billing.subscription?.currentPeriodEnd;
      setOutcome({
        tone: 'success',
        message:
          result.outcome === 'scheduled' && end
            ? `Your plan changes to ${planFor(target).name} on ${formatLongDate(end)}. Nothing more is charged.`
            : `Your ${plan.name} plan keeps renewing.`,
      });
    },
    onError: (error) => {
      setConfirming(false);
      setOutcome({
        tone: 'error',
        message:
          error instanceof ApiRequestError
            ? `Failed to update plan: ${error.message}`
            : 'Failed to update plan. Please try again.',
      });
    },
  });

  const scheduled = subscription?.scheduledTier ?? null;

  return (
    <SettingsPanel title="Your plan">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-2xl font-bold text-ink-950">{plan.name}</p>
        <p className="text-sm text-slate-600">
          {plan.price > 0 ? `${formatPrice(plan.price)}/month` : 'Free of charge'}
        </p>
        {user.subscription_tier === 'alpha' && <Badge tone="alpha">Alpha Tester</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600">{plan.description}</p>

      {plan.requiresPayment && (
        <div className="mt-4">
          {billing.isError ? (
            <ErrorState
              title="Your billing period could not be loaded."
              onRetry={() => billing.refetch()}
              retrying={billing.isFetching}
            />
          ) : !billing.data ? (
            <div role="status">
              <span className="sr-only">Loading your billing period</span>
              <Skeleton className="h-4 w-56" />
            </div>
          ) : subscription ? (
            <PeriodNote subscription={subscription} />
          ) : (
            <p className="text-sm text-slate-600">No payment is scheduled.</p>
          )}
        </div>
      )}

      {outcome && (
        <Alert tone={outcome.tone} className="mt-4">
          {outcome.message}
        </Alert>
      )}

      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={paths.pricing} className={buttonStyles({ variant: 'secondary' })}>
          Change plan
        </Link>
        {subscription &&
          (scheduled ? (
            <Button
              variant="secondary"
              busy={move.isPending}
              busyLabel="Processing..."
              onClick={() => move.mutate(tier)}
            >
              Keep {plan.name}
            </Button>
          ) : (
            <Dialog
              open={confirming}
              onOpenChange={setConfirming}
              title={`Cancel your ${plan.name} plan?`}
              trigger={<Button variant="secondary">Cancel plan</Button>}
              footer={
                <>
                  <DialogClose>
                    <Button variant="secondary">Keep {plan.name}</Button>
                  </DialogClose>
                  <Button
                    variant="dark"
                    busy={move.isPending}
                    busyLabel="Processing..."
                    onClick={() => move.mutate('free')}
                  >
                    Cancel at period end
                  </Button>
                </>
              }
            >
              <p className="text-sm text-slate-700">
                You keep {plan.name} until {formatLongDate(subscription.currentPeriodEnd)}. Your
                plan then changes to Free, and nothing more is charged. You can keep {plan.name}{' '}
                until that day.
              </p>
            </Dialog>
          ))}
      </div>
    </SettingsPanel>
  );
}
