import { formatUsd, type Stock } from '@tickerwise/shared';
import { DelayedBadge } from './delayed-badge.tsx';

/** What a price display reads; `symbol` lets a live feed replace the figures of one security. */
export type QuotedPrice = Pick<Stock, 'symbol' | 'price' | 'delayed' | 'updatedAt'>;

/** A table's price cell: the price, with a "Delayed" badge when it is the last one received. */
export function PriceCell({ quote, className = '' }: { quote: QuotedPrice; className?: string }) {
  return (
    <td className={`text-right font-medium text-ink-950 tabular-nums ${className}`}>
      <span className="inline-flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        {quote.delayed && <DelayedBadge updatedAt={quote.updatedAt} />}
        {formatUsd(quote.price)}
      </span>
    </td>
  );
}
