import { paths } from '@tickerwise/shared';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button.tsx';

/** In place of the written analysis on a plan without it: what Pro adds, and the way there. */
export function UpgradePrompt({ message, tier }: { message: string; tier: 'pro' | 'enterprise' }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4 sm:flex-row sm:items-center sm:p-5">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
        <Sparkles aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink-950">
          Upgrade to {tier === 'pro' ? 'Pro' : 'Enterprise'} for the written analysis
        </p>
        <p className="mt-1 text-sm text-slate-600">{message}</p>
      </div>
      <Link
        to={paths.planChange}
        state={{ plan: tier }}
        className={`${buttonStyles({ size: 'sm' })} shrink-0`}
      >
        See the plans
      </Link>
    </div>
  );
}
