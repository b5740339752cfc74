import { formatPercentChange } from '@tickerwise/shared';

/** SPEC.md: a change of 0 or more is green with an up arrow, a negative one red with a down arrow. */
export function ChangeIndicator({
  change,
  className = '',
}: {
  change: number;
  className?: string;
}) {
  const rising = change >= 0;
  return (
    <span
      className={`inline-flex items-center gap-1 font-medium tabular-nums ${
        rising ? 'text-brand-700' : 'text-red-700'
      } ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        <path d={rising ? 'M12 5l7 9H5z' : 'M12 19l-7-9h14z'} />
      </svg>
      <span className="sr-only">{rising ? 'Up' : 'Down'}</span>
      {formatPercentChange(change)}
    </span>
  );
}
