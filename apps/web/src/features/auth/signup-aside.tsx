import { formatPrice, paths, planFor, type SubscriptionTier } from '@tickerwise/shared';
import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';

/** The navy panel beside the sign-up form: the plan the account is being created for. */
export function SignupAside({ plan }: { plan: SubscriptionTier }) {
  const chosen = planFor(plan);
  return (
    <div className="max-w-md">
      <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">Your plan</p>
      <div className="mt-5 rounded-2xl border border-white/10 bg-white/5 p-7 backdrop-blur">
        <div className="flex items-baseline justify-between gap-4">
          <p className="text-2xl font-bold">{chosen.name}</p>
          <p>
            <span className="text-2xl font-bold">{formatPrice(chosen.price)}</span>
            <span className="text-sm text-ink-300">/month</span>
          </p>
        </div>
        <p className="mt-2 text-sm text-ink-200">{chosen.description}</p>
        <ul className="mt-6 space-y-3 border-t border-white/10 pt-6">
          {chosen.features.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-400" />
              {feature}
            </li>
          ))}
        </ul>
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
