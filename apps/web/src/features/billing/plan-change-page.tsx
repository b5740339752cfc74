import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  invitationFormSchema,
  type Me,
  paths,
  planFor,
  planMove,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PlanSummary } from '../../components/plan-summary.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAuth, useAuthActions } from '../../lib/session/auth-provider.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { changePlan } from './api/change-plan.ts';
import { billingStatusKey, useBillingStatus } from './api/get-billing-status.ts';
import { BillingFrame } from './components/billing-frame.tsx';
import { PlanMoveNote } from './components/plan-move-note.tsx';
import { planFromState } from './plan-from-state.ts';

/** docs/PRODUCT.md §3.6: needs a plan in navigation state and a signed-in user. */
export function PlanChangePage() {
  usePageTitle('Change Plan');
  const auth = useAuth();
  const plan = planFromState(useLocation().state);
  if (auth.status === 'loading') return <CenteredSpinner className="min-h-[50vh]" />;
  if (!plan || auth.status !== 'signed-in') return <Navigate to={paths.pricing} replace />;
  return <ConfirmPlanChange user={auth.user} target={plan} />;
}

function ConfirmPlanChange({ user, target }: { user: Me; target: SubscriptionTier }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refreshUser } = useAuthActions();
  const current = user.subscription_tier;
  const paid = planFor(current).requiresPayment;
  const billing = useBillingStatus(paid);
  const subscription = billing.data?.subscription ?? null;
  const move = planMove(current, target, subscription);
  const plan = planFor(target);

  // docs/PRODUCT.md §4.1: a move to Alpha Tester (at once or at the period end) needs a code.
  const invited = target === 'alpha' && (move === 'immediate' || move === 'schedule');
  const form = useForm({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { invitationCode: '' },
  });
  const mutation = useMutation({
    mutationFn: (invitationCode: string | undefined) => changePlan(target, invitationCode),
    onSuccess: async (result) => {
      queryClient.setQueryData(billingStatusKey, result.billing);
      await refreshUser();
      navigate(paths.dashboard);
    },
    onError: (error) => {
      const message = error instanceof ApiRequestError && error.fields.invitationCode;
      if (message) form.setError('invitationCode', { message });
    },
  });

  const confirm = () => {
    if (move === 'checkout') navigate(paths.payment, { state: { plan: target, upgrade: true } });
    else if (invited)
      void form.handleSubmit(({ invitationCode }) => mutation.mutate(invitationCode))();
    else mutation.mutate(undefined);
  };
  // A paid plan's period end must be known before the user is told when a change applies.
  const ready = !paid || billing.isSuccess;
  const failure = mutation.error;

  return (
    <BillingFrame
      back={{ to: paths.pricing, label: 'Back to plans' }}
      title="Confirm Plan Change"
      lead={
        <>
          You're changing from{' '}
          <span className="font-semibold text-ink-950">{current.toUpperCase()}</span> to{' '}
          <span className="font-semibold text-ink-950">{plan.name}</span>
        </>
      }
    >
      <PlanSummary plan={plan} className="mt-6 rounded-2xl border border-slate-200 p-5" />
      <div className="mt-6">
        {ready ? (
          <PlanMoveNote move={move} current={current} target={target} subscription={subscription} />
        ) : billing.isError ? (
          <ErrorState
            title="Your billing period could not be loaded."
            onRetry={() => billing.refetch()}
            retrying={billing.isFetching}
          />
        ) : (
          <Spinner label="Loading your billing period" />
        )}
      </div>
      {invited && (
        <TextField
          form={form}
          name="invitationCode"
          label="Invitation Code"
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          figures
          className="mt-6"
        />
      )}
      {failure && (
        <Alert title="Failed to update plan" icon={false} className="mt-6">
          {failure instanceof ApiRequestError ? failure.message : undefined}
        </Alert>
      )}
      <Button
        size="full"
        onClick={confirm}
        disabled={!ready || move === 'none'}
        busy={mutation.isPending || mutation.isSuccess}
        busyLabel="Processing..."
        className="mt-6"
      >
        Confirm Change
      </Button>
    </BillingFrame>
  );
}

export { PlanChangePage as Component };
