import { MarketStatusBadge } from '../../../components/prices/market-status-badge.tsx';
import { PricesNote } from '../../../components/prices-note.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useEntitlements } from '../../../lib/session/use-entitlements.ts';
import { useHoldings } from '../api/get-holdings.ts';
import { useLiveHoldings } from '../use-live-holdings.ts';
import { AllocationPanel } from './allocation-panel.tsx';
import { HoldingsTable } from './holdings-table.tsx';
import { PerformancePanel } from './performance-panel.tsx';
import { SummaryCards } from './summary-cards.tsx';

/** The figures of a portfolio with transactions: totals, performance, allocation, holdings. */
export function PortfolioOverview({ portfolioId }: { portfolioId: string }) {
  const { data: polled, error, isPending, refetch, isRefetching } = useHoldings(portfolioId);
  const access = useEntitlements()?.limits.marketData;
  // Live prices move every figure together; rows keep the polled answer's order.
  const data = useLiveHoldings(polled);

  return (
    <div className="space-y-6">
      {isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
          role="status"
          aria-label="Loading holdings"
        >
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : error && !data ? (
        <ErrorState
          title="Your holdings could not be loaded."
          onRetry={() => refetch()}
          retrying={isRefetching}
        >
          {error.message}
        </ErrorState>
      ) : data ? (
        <div className="space-y-2">
          <SummaryCards totals={data.totals} />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <MarketStatusBadge />
            <PricesNote
              sources={data.prices.sources}
              asOf={data.prices.asOf}
              delayed={data.prices.delayed}
              planDelayMinutes={access?.kind === 'delayed' ? access.delayMinutes : 0}
            />
          </div>
        </div>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <PerformancePanel portfolioId={portfolioId} />
        </div>
        {data && <AllocationPanel allocation={data.allocation} />}
      </div>
      {data && polled && data.holdings.length > 0 && (
        <HoldingsTable holdings={data.holdings} orderOf={polled.holdings} />
      )}
    </div>
  );
}
