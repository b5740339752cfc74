import type { Stock } from '@tickerwise/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SimulatedBadge } from './simulated-badge.tsx';
import { StockQuote } from './stock-quote.tsx';

const summaryFrame =
  'flex flex-col gap-4 sm:min-h-[7.5rem] sm:flex-row sm:items-end sm:justify-between';

/** Name, symbol, kind of security and where its data comes from, beside the headline price. */
export function StockSummary({ stock }: { stock: Stock }) {
  return (
    <Card as="header" className={summaryFrame}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{stock.name}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <p className="inline-flex rounded-md bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-700">
            {stock.symbol}
          </p>
          {stock.type === 'etf' && <Badge tone="neutral">ETF</Badge>}
          {stock.source === 'simulated' && <SimulatedBadge />}
        </div>
      </div>
      <StockQuote quote={stock} />
    </Card>
  );
}

/** The summary's shape while the record loads, so nothing below it moves when it arrives. */
export function StockSummarySkeleton() {
  return (
    <Card as="header" className={summaryFrame}>
      <div className="min-w-0 flex-1">
        <Skeleton className="h-8 w-64 max-w-full sm:h-9" />
        <Skeleton className="mt-3 h-6 w-40" />
      </div>
      <div className="flex flex-col sm:items-end">
        <Skeleton className="h-9 w-48" />
        <Skeleton className="mt-3 h-4 w-56" />
      </div>
    </Card>
  );
}
