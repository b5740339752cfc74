import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatPrice,
  type Me,
  paths,
  planFor,
  planMove,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth, useAuthActions } from '../../app/session/auth-provider.tsx';
import { CheckIcon, ChevronLeftIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { changePlan } from './api/change-plan.ts';
import { billingStatusKey, useBillingStatus } from './api/get-billing-status.ts';
import { PlanMoveNote } from './components/plan-move-note.tsx';
import { planFromState } from './plan-from-state.ts';

/** SPEC.md "Plan change": needs a plan in navigation state and a signed-in user. */
export function PlanChangePage() {
  usePageTitle('Change Plan');
  const auth = useAuth();
  const plan = planFromState(useLocation().state);
  if (auth.status === 'loading') {
    return (
      <div className="grid min-h-[50vh] place-items-center">
        <Spinner />
      </div>
    );
  }
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

  const mutation = useMutation({
    mutationFn: () => changePlan(target),
    onSuccess: async (result) => {
      queryClient.setQueryData(billingStatusKey, result.billing);
      await refreshUser();
      navigate(paths.dashboard);
    },
  });

  const confirm = () => {
    if (move === 'checkout') navigate(paths.payment, { state: { plan: target, upgrade: true } });
    else mutation.mutate();
  };
  // A paid plan's period end must be known before the user is told when a change applies.
  const ready = !paid || billing.isSuccess;
  const failure = mutation.error;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <Link
          to={paths.pricing}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink-950"
        >
          <ChevronLeftIcon className="size-4" />
          Back to plans
        </Link>
        <section className="mt-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
            Confirm Plan Change
          </h1>
          <p className="mt-2 text-slate-600">
            You're changing from{' '}
            <span className="font-semibold text-ink-950">{current.toUpperCase()}</span> to{' '}
            <span className="font-semibold text-ink-950">{plan.name}</span>
          </p>
          <div className="mt-6 rounded-2xl border border-slate-200 p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold text-ink-950">{plan.name}</h2>
              <p>
                <span className="text-2xl font-bold text-ink-950">{formatPrice(plan.price)}</span>
                <span className="text-sm text-slate-500">/month</span>
              </p>
            </div>
            <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-6">
            {ready ? (
              <PlanMoveNote
                move={move}
                current={current}
                target={target}
                subscription={subscription}
              />
            ) : billing.isError ? (
              <p role="alert" className="text-sm text-red-700">
                Your billing period could not be loaded. Reload the page to try again.
              </p>
            ) : (
              <Spinner label="Loading your billing period" />
            )}
          </div>
          {failure && (
            <div
              role="alert"
              className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              <p className="font-semibold">Failed to update plan</p>
              {failure instanceof ApiRequestError && <p className="mt-1">{failure.message}</p>}
            </div>
          )}
          <button
            type="button"
            onClick={confirm}
            disabled={!ready || move === 'none' || mutation.isPending || mutation.isSuccess}
            className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-500 px-4 py-3 text-sm font-semibold text-ink-950 shadow-sm transition-colors hover:bg-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {mutation.isPending || mutation.isSuccess ? 'Processing...' : 'Confirm Change'}
          </button>
        </section>
      </div>
    </div>
  );
}

export { PlanChangePage as Component };
