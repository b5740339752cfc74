import { paths, planFor, type SubscriptionTier } from '@tickerwise/shared';
import { Link } from 'react-router';
import { PlanSummary } from '../../components/plan-summary.tsx';

/** The navy panel beside the sign-up form: the plan the account is being created for. */
export function SignupAside({ plan }: { plan: SubscriptionTier }) {
  const chosen = planFor(plan);
  return (
    <div className="max-w-md">
      <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">Your plan</p>
      <div className="mt-5 rounded-2xl border border-white/10 bg-white/5 p-7 backdrop-blur">
        <PlanSummary plan={chosen} tone="dark" nameAs="p" />
        {chosen.requiresPayment && (
          <p className="mt-6 rounded-xl bg-brand-500/10 px-4 py-3 text-sm text-brand-200">
            Your account is created first; you then complete the payment for {chosen.name}.
          </p>
        )}
      </div>
      <Link
        to={paths.pricing}
        className="mt-6 inline-block text-sm font-medium text-ink-200 hover:text-white"
      >
        Compare plans
      </Link>
    </div>
  );
}
