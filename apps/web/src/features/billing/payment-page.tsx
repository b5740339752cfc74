import {
  formatPrice,
  type PaidTier,
  paidTierSchema,
  paths,
  planFor,
  subscriptionTierSchema,
} from '@tickerwise/shared';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBillingConfig } from './api/get-billing-config.ts';
import { BillingFrame } from './components/billing-frame.tsx';
import { OrderSummary } from './components/order-summary.tsx';
import { TestCardForm } from './components/test-card-form.tsx';

// Stripe.js and its React bindings load only here, and only when Stripe is the provider.
const StripeCardForm = lazy(() =>
  import('./components/stripe-card-form.tsx').then((module) => ({
    default: module.StripeCardForm,
  })),
);

const centered = <CenteredSpinner className="min-h-[50vh]" />;

/** docs/PRODUCT.md §3.7: reached with `{ plan, upgrade }` in navigation state. */
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
    <BillingFrame
      back={
        upgrade
          ? { to: paths.planChange, state: { plan }, label: 'Back' }
          : { to: paths.pricing, label: 'Back' }
      }
      title="Complete Your Purchase"
      lead={
        <>
          You're subscribing to the{' '}
          <span className="font-semibold text-ink-950">{details.name}</span> plan
        </>
      }
    >
      <div className="mt-6">
        <OrderSummary plan={details} />
      </div>
      <div className="mt-6">
        {config.isPending ? (
          centered
        ) : config.isError ? (
          <ErrorState
            title="The payment form could not load."
            onRetry={() => config.refetch()}
            retrying={config.isFetching}
          >
            Check your connection and try again.
          </ErrorState>
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
    </BillingFrame>
  );
}

export { PaymentPage as Component };
