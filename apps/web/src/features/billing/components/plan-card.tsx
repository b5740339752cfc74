import { formatPrice, type Plan } from '@tickerwise/shared';
import { CheckIcon } from '../../../components/icons.tsx';

interface PlanCardProps {
  plan: Plan;
  /** Drawn out as the plan most investors pick. */
  featured?: boolean;
  /** The user's plan (signed in). */
  current?: boolean;
  /** A line shown above the button, e.g. a scheduled change. */
  note?: string | undefined;
  action: { label: string; disabled: boolean; onSelect: () => void };
}

/** One plan of the catalogue: price, description, features and the button that chooses it. */
export function PlanCard({ plan, featured = false, current = false, note, action }: PlanCardProps) {
  return (
    <article
      aria-label={`${plan.name} plan`}
      className={`relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm ${
        featured ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'
      }`}
    >
      {featured && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-500 px-3 py-0.5 text-xs font-semibold text-ink-950">
          Most popular
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-ink-950">{plan.name}</h2>
        {current && (
          <span className="rounded-full bg-ink-50 px-2.5 py-0.5 text-xs font-medium text-ink-700 ring-1 ring-ink-200 ring-inset">
            Your plan
          </span>
        )}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink-950">
          {formatPrice(plan.price)}
        </span>
        <span className="text-sm text-slate-500">/month</span>
      </p>
      <p className="mt-3 min-h-12 text-sm text-slate-600">{plan.description}</p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      {note && <p className="mt-6 text-xs font-medium text-amber-800">{note}</p>}
      <button
        type="button"
        disabled={action.disabled}
        onClick={action.onSelect}
        className={`mt-6 w-full rounded-xl px-4 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed ${
          featured
            ? 'bg-brand-500 text-ink-950 hover:bg-brand-400 disabled:bg-slate-100 disabled:text-slate-500'
            : 'bg-ink-950 text-white hover:bg-ink-800 disabled:bg-slate-100 disabled:text-slate-500'
        }`}
      >
        {action.label}
      </button>
    </article>
  );
}
