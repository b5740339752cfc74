import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BellRing,
  Coins,
  GraduationCap,
  type LucideIcon,
  Receipt,
  ShoppingCart,
  Sparkles,
  Split,
  TrendingUp,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { learnProgressQuery } from '../../../lib/learn-progress.ts';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';
import { formatDay, formatMoment } from '../../../lib/price-sources.ts';
import {
  type ActivityItem,
  alertActivity,
  analysisActivity,
  lessonActivity,
  mergeActivity,
  transactionActivity,
} from '../activity.ts';
import { useAlertFirings } from '../api/get-alert-firings.ts';
import { useRecentAnalyses } from '../api/get-recent-analyses.ts';
import { useRecentTransactions } from '../api/get-recent-transactions.ts';

const shown = 6;
const icons: Record<ActivityItem['glyph'], LucideIcon> = {
  buy: ShoppingCart,
  sell: TrendingUp,
  dividend: Coins,
  split: Split,
  deposit: ArrowDownToLine,
  withdrawal: ArrowUpFromLine,
  fee: Receipt,
  alert: BellRing,
  analysis: Sparkles,
  lesson: GraduationCap,
};

/**
 * Recent Activity: the latest of everything that happened, newest first: portfolio
 * transactions and alerts that fired (docs/PRODUCT.md §3.11, §3.22), a firing the moment it
 * arrives over the live channel.
 */
export function RecentActivity() {
  const transactions = useRecentTransactions(shown);
  const analyses = useRecentAnalyses(shown);
  const firings = useAlertFirings(shown);
  const lessons = useQuery(learnProgressQuery);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents('alerts', () => {
        queryClient.invalidateQueries({ queryKey: ['alerts', 'firings'] });
      }),
    [queryClient],
  );
  const items = mergeActivity(
    [
      (transactions.data ?? []).map(transactionActivity),
      (firings.data ?? []).map(alertActivity),
      (analyses.data ?? []).map(analysisActivity),
      (lessons.data?.recentLessons ?? []).map(lessonActivity),
    ],
    shown,
  );
  // The list waits for every source, so lines do not jump into place one source at a time.
  const pending =
    transactions.isPending || firings.isPending || analyses.isPending || lessons.isPending;
  const failed = transactions.error ?? firings.error ?? analyses.error ?? lessons.error;

  return (
    <Card as="section" aria-labelledby="recent-activity-heading">
      <h2 id="recent-activity-heading" className="text-base font-semibold text-ink-950">
        Recent Activity
      </h2>
      <div className="mt-4">
        {pending ? (
          <div className="space-y-3" role="status" aria-label="Loading recent activity">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : failed && items.length === 0 ? (
          <ErrorState
            title="Recent activity could not be loaded."
            onRetry={() => {
              void transactions.refetch();
              void firings.refetch();
              void analyses.refetch();
              void lessons.refetch();
            }}
            retrying={
              transactions.isRefetching ||
              firings.isRefetching ||
              analyses.isRefetching ||
              lessons.isRefetching
            }
          />
        ) : items.length === 0 ? (
          <EmptyState
            title="Nothing yet"
            description="Your trades, dividends and deposits, the alerts that fire, the analyses you read and the lessons you complete will show up here."
            action={
              <Link
                to={paths.portfolio}
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
              >
                Go to your portfolio
              </Link>
            }
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <ActivityRow key={item.key} item={item} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const Icon = icons[item.glyph];
  return (
    <li>
      <Link
        to={item.href}
        className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-600">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-ink-950">{item.title}</span>
          <span className="block truncate text-xs text-slate-500">{item.detail}</span>
        </span>
        <span className="shrink-0 text-xs text-slate-500 tabular-nums">
          {item.at.length === 10 ? formatDay(item.at) : formatMoment(item.at)}
        </span>
      </Link>
    </li>
  );
}
