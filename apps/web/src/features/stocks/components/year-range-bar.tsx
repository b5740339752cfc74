import { formatUsd } from '@tickerwise/shared';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { yearRangeFill } from '../year-range.ts';

interface YearRange {
  price: number;
  low: number;
  high: number;
}

/**
 * docs/PRODUCT.md §3.13: the 52 week range with low, high and a bar filled up to the price;
 * its shape with grey figures while the record loads.
 */
export function YearRangeBar({ range }: { range?: YearRange }) {
  const fill = range ? yearRangeFill(range.price, range.low, range.high) : 0;
  return (
    <Card as="section" aria-labelledby="year-range-heading">
      <h2 id="year-range-heading" className="text-base font-semibold text-ink-950">
        52 Week Range
      </h2>
      <div aria-hidden="true" className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${fill}%` }} />
      </div>
      {range && (
        <p className="sr-only">
          The price of {formatUsd(range.price)} is {Math.round(fill)}% of the way from the low to
          the high.
        </p>
      )}
      <div className="mt-3 flex justify-between text-sm tabular-nums">
        <span className="inline-flex items-center gap-1">
          <span className="text-slate-500">Low </span>
          {range ? (
            <span className="font-medium text-ink-950">{formatUsd(range.low)}</span>
          ) : (
            <Skeleton className="h-4 w-16" />
          )}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="text-slate-500">High </span>
          {range ? (
            <span className="font-medium text-ink-950">{formatUsd(range.high)}</span>
          ) : (
            <Skeleton className="h-4 w-16" />
          )}
        </span>
      </div>
    </Card>
  );
}
