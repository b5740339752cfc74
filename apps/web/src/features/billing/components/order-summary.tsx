import type { Plan } from '@tickerwise/shared';
import { PlanSummary } from '../../../components/plan-summary.tsx';

/** What is being bought: the plan, its monthly price, what it includes first, and how it renews. */
export function OrderSummary({ plan }: { plan: Plan }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <PlanSummary
        plan={plan}
        nameAs="p"
        title={`${plan.name} plan`}
        hideDescription
        featureLimit={3}
      />
      <p className="mt-4 border-t border-slate-200 pt-3 text-xs text-slate-500">
        Renews monthly. Cancel anytime and keep your plan until the end of the billing period.
      </p>
    </div>
  );
}
