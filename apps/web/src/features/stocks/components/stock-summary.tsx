import { formatUsd, type Stock } from '@tickerwise/shared';
import { Card } from '../../../components/ui/card.tsx';
import { ChangeIndicator } from './change-indicator.tsx';
import { DelayedBadge } from './delayed-badge.tsx';

/**
 * Name, symbol, current price and change, with the 'Real-time data' note (docs/PRODUCT.md §3.13).
 */
export function StockSummary({ stock }: { stock: Stock }) {
  return (
    <Card as="header" className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{stock.name}</h1>
        <p className="mt-1 inline-flex rounded-md bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-700">
          {stock.symbol}
        </p>
      </div>
      <div className="sm:text-right">
        <div className="flex flex-wrap items-center gap-3 sm:justify-end">
          {stock.delayed && <DelayedBadge updatedAt={stock.updatedAt} />}
          <p className="text-3xl font-bold tracking-tight text-ink-950 tabular-nums">
            {formatUsd(stock.price)}
          </p>
          <ChangeIndicator change={stock.change} className="text-base" />
        </div>
        <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-slate-500">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-500" />
          Real-time data
        </p>
      </div>
    </Card>
  );
}
