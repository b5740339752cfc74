import { paths } from '@tickerwise/shared';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { resetText } from '../../../lib/credits-reset.ts';
import { useUsage } from '../../../lib/usage-query.ts';
import { StatCard } from '../stat-card.tsx';

/**
 * AI Credits: today's written analyses and answers, used of the plan's limit, and when the
 * count starts again. Opening an analysis refreshes it. A plan without AI credits says so
 * and links to the plans.
 */
export function AiCreditsCard({ planName }: { planName: string }) {
  const usage = useUsage();
  const credits = usage.data?.quotas.aiCalls;
  return (
    <StatCard
      label="AI Credits"
      icon={Sparkles}
      value={
        credits ? (
          <>
            <span aria-hidden="true">
              {credits.used}/{credits.limit}
            </span>
            <span className="sr-only">
              {credits.used} of {credits.limit} AI credits used today
            </span>
          </>
        ) : usage.isError ? (
          <span className="text-base font-medium text-slate-500">Not available</span>
        ) : (
          <Skeleton className="h-8 w-20" />
        )
      }
      note={
        credits && credits.limit === 0 ? (
          <>
            {planName} Plan ·{' '}
            <Link to={paths.pricing} className="font-medium text-brand-700 hover:underline">
              Upgrade for AI analyses
            </Link>
          </>
        ) : (
          `${planName} Plan · used today`
        )
      }
      footer={
        credits && credits.limit > 0 ? (
          <p className="mt-1 text-xs text-slate-500">Resets at {resetText(credits.resetsAt)}</p>
        ) : usage.isError ? (
          <p className="mt-1 text-xs text-slate-500">{usage.error.message}</p>
        ) : null
      }
    />
  );
}
