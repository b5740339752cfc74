import { paths } from '@tickerwise/shared';
import { Link } from 'react-router';
import {
  LazyPerformanceChart,
  PerformanceLegend,
} from '../../../components/lazy-performance-chart.tsx';
import { PricesNote } from '../../../components/prices-note.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatRatioChange } from '../../../lib/money-format.ts';
import { useMonthPerformance } from '../api/get-portfolio-performance.ts';

/** Portfolio Performance: the last month of every portfolio against SPY. */
export function PerformanceCard() {
  const { data, error, isPending, refetch, isRefetching } = useMonthPerformance();
  const ratio = (value: number | null) => (value === null ? null : formatRatioChange(value));

  return (
    <Card as="section" aria-labelledby="home-performance-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="home-performance-heading" className="text-base font-semibold text-ink-950">
          Portfolio Performance
        </h2>
        <span className="text-xs font-medium text-slate-500">1M</span>
      </div>
      <div className="mt-4">
        {isPending ? (
          <Skeleton className="h-56 w-full" />
        ) : error && !data ? (
          <ErrorState
            title="The performance could not be loaded."
            onRetry={() => refetch()}
            retrying={isRefetching}
          />
        ) : !data || data.points.length < 2 ? (
          <EmptyState
            title={data?.from ? 'Not enough history yet' : 'No portfolio yet'}
            description={
              data?.from
                ? 'The chart starts once your first trading day has closed.'
                : 'Record a buy or import your trades to see your return against the S&P 500.'
            }
            action={
              data?.from ? undefined : (
                <Link to={paths.portfolio} className={buttonStyles({ size: 'sm' })}>
                  Start tracking
                </Link>
              )
            }
          />
        ) : (
          <div className="space-y-3">
            <LazyPerformanceChart
              points={data.points}
              benchmarkSymbol={data.benchmark.symbol}
              heightClass="h-56"
              label={`Your portfolios' return against ${data.benchmark.symbol} over the last month`}
            />
            <PerformanceLegend
              benchmarkSymbol={data.benchmark.symbol}
              portfolioReturn={ratio(data.timeWeightedReturn)}
              benchmarkReturn={ratio(data.benchmark.return)}
            />
            <PricesNote
              what="Daily closes"
              sources={data.closes.sources}
              asOf={data.closes.asOf}
              delayed={data.closes.stale}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
