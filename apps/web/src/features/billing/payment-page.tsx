import {
  formatPrice,
  type PaidTier,
  paidTierSchema,
  paths,
  planFor,
  subscriptionTierSchema,
} from '@tickerwise/shared';
import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../../app/session/auth-provider.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBillingConfig } from './api/get-billing-config.ts';
import { OrderSummary } from './components/order-summary.tsx';
import { TestCardForm } from './components/test-card-form.tsx';

// Stripe.js and its React bindings load only here, and only when Stripe is the provider.
const StripeCardForm = lazy(() =>
  import('./components/stripe-card-form.tsx').then((module) => ({
    default: module.StripeCardForm,
  })),
);

const centered = (
  <div className="grid min-h-[50vh] place-items-center">
    <Spinner />
  </div>
);

/** SPEC.md "Checkout": reached with `{ plan, upgrade }` in navigation state. */
export function PaymentPage() {
  usePageTitle('Complete Your Purchase');
  const auth = useAuth();
  const state = useLocation().state as { plan?: unknown; upgrade?: unknown } | null;
  const parsed = subscriptionTierSchema.safeParse(state?.plan);
  const upgrade = state?.upgrade === true;
  if (!parsed.success) return <Navigate to={paths.pricing} replace />;
  const plan = parsed.data;
  const paid = paidTierSchema.safeParse(plan);
  if (!paid.success) {
    return upgrade ? (
      <Navigate to={paths.dashboard} replace />
    ) : (
      <Navigate to={paths.signup} replace state={{ plan }} />
    );
  }
  if (auth.status === 'loading') return centered;
  // Paying needs an account: a visitor signs up for the plan first, then comes back here.
  if (auth.status === 'signed-out') return <Navigate to={paths.signup} replace state={{ plan }} />;
  return <Checkout plan={paid.data} upgrade={upgrade} />;
}

function Checkout({ plan, upgrade }: { plan: PaidTier; upgrade: boolean }) {
  const config = useBillingConfig();
  const details = planFor(plan);
  const payLabel = `Pay ${formatPrice(details.price)}`;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        {upgrade ? (
          <BackLink to={paths.planChange} state={{ plan }} />
        ) : (
          <BackLink to={paths.pricing} />
        )}
        <section className="mt-4 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
            Complete Your Purchase
          </h1>
          <p className="mt-2 text-slate-600">
            You're subscribing to the{' '}
            <span className="font-semibold text-ink-950">{details.name}</span> plan
          </p>
          <div className="mt-6">
            <OrderSummary plan={details} />
          </div>
          <div className="mt-6">
            {config.isPending ? (
              centered
            ) : config.isError ? (
              <p role="alert" className="text-sm text-red-700">
                The payment form could not load. Check your connection and reload the page.
              </p>
            ) : config.data.provider === 'stripe' && config.data.publishableKey ? (
              <Suspense fallback={centered}>
                <StripeCardForm
                  publishableKey={config.data.publishableKey}
                  plan={plan}
                  payLabel={payLabel}
                />
              </Suspense>
            ) : (
              <TestCardForm plan={plan} payLabel={payLabel} />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

function BackLink({ to, state }: { to: string; state?: { plan: PaidTier } }) {
  return (
    <Link
      to={to}
      state={state}
      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink-950"
    >
      <ChevronLeftIcon className="size-4" />
      Back
    </Link>
  );
}

export { PaymentPage as Component };
