import { paths } from '@tickerwise/shared';
import { ArrowDown, ArrowUp, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { MarketStatusBadge } from '../../../components/prices/market-status-badge.tsx';
import { PricesNote } from '../../../components/prices-note.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDayChangeWord } from '../../../lib/market-status.ts';
import {
  formatMoney,
  formatRatioChange,
  formatSignedMoney,
  isGain,
} from '../../../lib/money-format.ts';
import { useLivePortfolioSummary } from '../api/get-portfolio-summary.ts';
import { StatCard } from '../stat-card.tsx';

/**
 * Portfolio Value: every portfolio at the latest prices (live for a real-time plan), with
 * the day's change ("today" only during a session, docs/PRODUCT.md §7.6), the market's status
 * and the prices' source.
 */
export function PortfolioValueCard() {
  const { data, error, isPending, refetch } = useLivePortfolioSummary();
  const changeWord = useDayChangeWord();
  if (isPending) {
    return (
      <StatCard
        label="Portfolio Value"
        icon={Wallet}
        value={<Skeleton className="h-8 w-32" />}
        note={<span role="status">Loading your portfolio...</span>}
      />
    );
  }
  if (error && !data) {
    return (
      <StatCard
        label="Portfolio Value"
        icon={Wallet}
        value="—"
        note={
          <span className="text-red-700">
            Could not load.{' '}
            <button type="button" onClick={() => refetch()} className="font-medium underline">
              Try again
            </button>
          </span>
        }
      />
    );
  }
  if (!data || data.transactionCount === 0) {
    return (
      <StatCard
        label="Portfolio Value"
        icon={Wallet}
        value="$0.00"
        note={
          <Link to={paths.portfolio} className="font-medium text-brand-700 hover:underline">
            Add your first transaction
          </Link>
        }
      />
    );
  }
  const change = data.dayChange;
  const Arrow = change && isGain(change) ? ArrowUp : ArrowDown;
  return (
    <StatCard
      label="Portfolio Value"
      icon={Wallet}
      value={formatMoney(data.totalValue)}
      note={
        change === null ? (
          'Day change not known yet'
        ) : (
          <span>
            <span
              className={`font-medium tabular-nums ${isGain(change) ? 'text-brand-700' : 'text-red-700'}`}
            >
              <Arrow
                aria-hidden="true"
                className="mr-1 inline size-3.5 align-[-2px]"
                strokeWidth={2.5}
              />
              {formatSignedMoney(change)}
              {data.dayChangeRatio !== null && ` (${formatRatioChange(data.dayChangeRatio)})`}
            </span>{' '}
            {changeWord}
          </span>
        )
      }
      footer={
        <>
          <MarketStatusBadge className="mt-2" />
          <PricesNote
            className="mt-2"
            sources={data.prices.sources}
            asOf={data.prices.asOf}
            delayed={data.prices.delayed}
          />
        </>
      }
    />
  );
}
