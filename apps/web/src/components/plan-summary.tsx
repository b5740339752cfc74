import { formatPrice, type Plan, planFeatures } from '@tickerwise/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

type Layout = 'card' | 'summary';
type Tone = 'light' | 'dark';

interface PlanSummaryProps {
  plan: Plan;
  /**
   * `card`: a large price under the name, for choosing between plans (pricing); `summary`:
   * the price beside the name, for the plan being bought or changed to.
   */
  layout?: Layout;
  /** `dark` on the navy panels (sign-up). */
  tone?: Tone;
  /** The name's element: a heading where the plan heads its own section, else `p`. */
  nameAs?: 'h2' | 'h3' | 'p';
  /** Written instead of the plan's name, e.g. 'Pro plan'. */
  title?: string;
  /** Beside the name, e.g. a 'Your plan' badge. */
  badge?: ReactNode;
  /** Hides the plan's one-line description. */
  hideDescription?: boolean;
  /** Shows only the first lines of what the plan includes. */
  featureLimit?: number;
  className?: string;
}

const tones: Record<
  Tone,
  { name: string; price: string; muted: string; text: string; check: string }
> = {
  light: {
    name: 'text-ink-950',
    price: 'text-ink-950',
    muted: 'text-slate-500',
    text: 'text-slate-600',
    check: 'text-brand-600',
  },
  dark: {
    name: 'text-white',
    price: 'text-white',
    muted: 'text-ink-300',
    text: 'text-ink-200',
    check: 'text-brand-400',
  },
};

/**
 * A plan as every screen shows it: name, monthly price, description and what it includes (from
 * the entitlements table, so the pricing cards, plan change, checkout and sign-up agree).
 */
export function PlanSummary({
  plan,
  layout = 'summary',
  tone = 'light',
  nameAs: Name = 'h2',
  title = plan.name,
  badge,
  hideDescription = false,
  featureLimit,
  className = '',
}: PlanSummaryProps) {
  const colors = tones[tone];
  const features = planFeatures(plan.tier).slice(0, featureLimit);
  const price = (
    <>
      <span
        className={`font-bold tracking-tight ${colors.price} ${layout === 'card' ? 'text-4xl' : 'text-2xl'}`}
      >
        {formatPrice(plan.price)}
      </span>
      <span className={`text-sm ${colors.muted}`}>/month</span>
    </>
  );

  return (
    <div className={`flex flex-col ${className}`}>
      {layout === 'card' ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <Name className={`text-lg font-semibold ${colors.name}`}>{title}</Name>
            {badge}
          </div>
          <p className="mt-4 flex items-baseline gap-1">{price}</p>
        </>
      ) : (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div className="flex items-center gap-2">
            <Name className={`text-lg font-semibold ${colors.name}`}>{title}</Name>
            {badge}
          </div>
          <p>{price}</p>
        </div>
      )}
      {!hideDescription && (
        <p className={`text-sm ${colors.text} ${layout === 'card' ? 'mt-3 min-h-12' : 'mt-2'}`}>
          {plan.description}
        </p>
      )}
      <ul
        className={`text-sm ${tone === 'dark' ? 'text-white' : 'text-slate-700'} ${
          layout === 'card' ? 'mt-6 flex-1 space-y-3' : 'mt-4 space-y-2'
        }`}
      >
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className={`mt-0.5 size-4 shrink-0 ${colors.check}`} />
            {feature}
          </li>
        ))}
      </ul>
    </div>
  );
}
