import { paths } from '@tickerwise/shared';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Coins,
  type LucideIcon,
  Receipt,
  ShoppingCart,
  Split,
  TrendingUp,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDay, formatMoment } from '../../../lib/price-sources.ts';
import { type ActivityItem, mergeActivity, transactionActivity } from '../activity.ts';
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
};

/** Recent Activity: the latest of everything that happened, newest first. */
export function RecentActivity() {
  const transactions = useRecentTransactions(shown);
  const items = mergeActivity([(transactions.data ?? []).map(transactionActivity)], shown);

  return (
    <Card as="section" aria-labelledby="recent-activity-heading">
      <h2 id="recent-activity-heading" className="text-base font-semibold text-ink-950">
        Recent Activity
      </h2>
      <div className="mt-4">
        {transactions.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading recent activity">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : transactions.error && items.length === 0 ? (
          <ErrorState
            title="Recent activity could not be loaded."
            onRetry={() => transactions.refetch()}
            retrying={transactions.isRefetching}
          />
        ) : items.length === 0 ? (
          <EmptyState
            title="Nothing yet"
            description="Your trades, dividends and deposits will show up here."
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
