import { formatPercentChange } from '@tickerwise/shared';
import { ArrowDown, ArrowUp } from 'lucide-react';

/**
 * docs/PRODUCT.md §3.13: a change of 0 or more is green with an up arrow, a negative one red with a
 * down arrow.
 */
export function ChangeIndicator({
  change,
  className = '',
}: {
  change: number;
  className?: string;
}) {
  const rising = change >= 0;
  const Arrow = rising ? ArrowUp : ArrowDown;
  return (
    <span
      className={`inline-flex items-center gap-1 font-medium tabular-nums ${
        rising ? 'text-brand-700' : 'text-red-700'
      } ${className}`}
    >
      <Arrow className="size-4" strokeWidth={2.5} />
      <span className="sr-only">{rising ? 'Up' : 'Down'}</span>
      {formatPercentChange(change)}
    </span>
  );
}
