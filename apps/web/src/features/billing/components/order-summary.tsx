import { formatPrice, type Plan } from '@tickerwise/shared';
import { CheckIcon } from '../../../components/icons.tsx';

/** What is being bought: the plan, its monthly price and what it includes. */
export function OrderSummary({ plan }: { plan: Plan }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-semibold text-ink-950">{plan.name} plan</p>
        <p>
          <span className="text-xl font-bold text-ink-950">{formatPrice(plan.price)}</span>
          <span className="text-sm text-slate-500">/month</span>
        </p>
      </div>
      <ul className="mt-3 space-y-1.5 text-sm text-slate-600">
        {plan.features.slice(0, 3).map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <p className="mt-4 border-t border-slate-200 pt-3 text-xs text-slate-500">
        Renews monthly. Cancel anytime and keep your plan until the end of the billing period.
      </p>
    </div>
  );
}
