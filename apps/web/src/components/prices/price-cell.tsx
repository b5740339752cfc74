import { formatUsd, type Stock } from '@tickerwise/shared';
import { moveHighlight, useLiveQuote, usePriceMove } from '../../lib/use-live-quote.ts';
import { DelayedBadge } from './delayed-badge.tsx';

/** What a price display reads; `symbol` lets the live feed replace one security's price. */
export type QuotedPrice = Pick<
  Stock,
  'symbol' | 'price' | 'delayed' | 'delayMinutes' | 'asOf' | 'stale'
>;

/**
 * A table's price cell: the price, live for a real-time plan (briefly highlighted when it
 * moves), with a badge when it is delayed by the plan or the last one received.
 */
export function PriceCell({
  quote,
  className = '',
  delayNoted = false,
}: {
  quote: QuotedPrice;
  className?: string;
  /** The plan's delay is said once under the table: a row then labels only a stale price. */
  delayNoted?: boolean;
}) {
  const shown = useLiveQuote(quote);
  const move = usePriceMove(shown.price);
  return (
    <td className={`text-right font-medium text-ink-950 tabular-nums ${className}`}>
      <span className="inline-flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        <DelayedBadge quote={delayNoted ? { ...shown, delayed: false } : shown} />
        <span className={`px-1 ${moveHighlight(move)}`} data-live-price={shown.symbol}>
          {formatUsd(shown.price)}
        </span>
      </span>
    </td>
  );
}
