import {
  type BillingStatus,
  isPaidUpgrade,
  type Plan,
  paths,
  planFor,
  plans,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { lazy, Suspense, useState } from 'react';
import { Container } from '../../components/container.tsx';
import { useNavigateTo } from '../../lib/navigation.tsx';
import { usePublicAuth } from '../../lib/session/auth-provider.tsx';
import { chosenPlanKey, signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { type PlanAction, PlanCard } from './components/plan-card.tsx';
import { formatLongDate } from './format-date.ts';

/** docs/PRODUCT.md §4.1: Alpha Tester is by invitation; the next step asks for the code. */
const invitationNote = 'By invitation: have your invitation code ready.';

const PricingBilling = lazy(async () => ({
  default: (await import('./pricing-billing.tsx')).PricingBilling,
}));

/**
 * docs/PRODUCT.md §3.3: four plans; what choosing one does depends on who is looking. The build
 * prerenders the plans from the shared catalogue for a visitor whose session is not known yet;
 * who is signed in, and their billing, fill in once the app runs.
 */
export function PricingPage() {
  // The public header's reading of the session: a stored profile is checked once the browser
  // is idle; without one the session route is asked (it answers a visitor 200, where /api/me's
  // 401 would be an error in every visitor's console), as a signed-in user is offered changes.
  const auth = usePublicAuth({ askVisitor: true });
  const user = auth.status === 'signed-in' ? auth.user : null;
  const title = user ? 'Change Your Plan' : 'Choose Your Plan';
  useSitePage(paths.pricing);
  const navigate = useNavigateTo();
  const current = user?.subscription_tier ?? null;
  const [billing, setBilling] = useState<BillingStatus | undefined>();
  const paid = current !== null && planFor(current).requiresPayment;
  const subscription = paid ? billing?.subscription : undefined;
  const scheduled = subscription?.scheduledTier ?? null;
  const periodEnd = subscription?.currentPeriodEnd;

  const choose = (from: SubscriptionTier, tier: SubscriptionTier) => {
    if (isPaidUpgrade(from, tier)) {
      navigate(paths.payment, { state: { plan: tier, upgrade: true } });
    } else {
      navigate(paths.planChange, { state: { plan: tier } });
    }
  };

  const actionFor = (plan: Plan): PlanAction => {
    // Not waiting for the session: the prerendered page is a visitor's, its buttons links that
    // work before the app has loaded; a signed-in visitor sent to sign-up goes on to the
    // dashboard from there.
    if (!current) {
      return {
        label: 'Get Started',
        to: signupPath(plan.tier),
        onFollow: () => sessionStorage.setItem(chosenPlanKey, plan.tier),
      };
    }
    const onSelect = () => choose(current, plan.tier);
    if (plan.tier === current) {
      // With a move scheduled, choosing the current plan again undoes it.
      return scheduled
        ? { label: 'Keep This Plan', disabled: false, onSelect }
        : { label: 'Current Plan', disabled: true, onSelect };
    }
    if (plan.tier === scheduled) return { label: 'Scheduled', disabled: true, onSelect };
    return { label: 'Switch Plan', disabled: false, onSelect };
  };

  return (
    <div className="bg-slate-50">
      {paid && (
        <Suspense fallback={null}>
          <PricingBilling onStatus={setBilling} />
        </Suspense>
      )}
      <Container className="py-16 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Pricing</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink-950 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Start free and upgrade when you want AI analysis and real-time data. Cancel anytime: you
            keep your plan until the end of the billing period.
          </p>
        </div>
        {scheduled && periodEnd && current && (
          <p
            role="status"
            className="mx-auto mt-10 max-w-2xl rounded-2xl border border-amber-200 bg-amber-50 px-5 py-3 text-center text-sm text-amber-900"
          >
            Your plan changes from {planFor(current).name} to {planFor(scheduled).name} on{' '}
            {formatLongDate(periodEnd)}. Choose {planFor(current).name} to keep it.
          </p>
        )}
        <div className="mt-12 grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard
              key={plan.tier}
              plan={plan}
              featured={plan.tier === 'pro'}
              current={plan.tier === current}
              note={
                plan.tier === scheduled && periodEnd
                  ? `Starts ${formatLongDate(periodEnd)}`
                  : plan.tier === 'alpha' && current !== 'alpha'
                    ? invitationNote
                    : undefined
              }
              action={actionFor(plan)}
            />
          ))}
        </div>
      </Container>
    </div>
  );
}

export { PricingPage as Component };
