import { formatUsd } from '@tickerwise/shared';
import { Card } from '../../../components/ui/card.tsx';
import { yearRangeFill } from '../year-range.ts';

interface YearRangeBarProps {
  price: number;
  low: number;
  high: number;
}

/** docs/PRODUCT.md §3.13: the 52 week range with low, high and a bar filled up to the price. */
export function YearRangeBar({ price, low, high }: YearRangeBarProps) {
  const fill = yearRangeFill(price, low, high);
  return (
    <Card as="section" aria-labelledby="year-range-heading">
      <h2 id="year-range-heading" className="text-base font-semibold text-ink-950">
        52 Week Range
      </h2>
      <div aria-hidden="true" className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${fill}%` }} />
      </div>
      <p className="sr-only">
        The price of {formatUsd(price)} is {Math.round(fill)}% of the way from the low to the high.
      </p>
      <div className="mt-3 flex justify-between text-sm tabular-nums">
        <span>
          <span className="text-slate-500">Low </span>
          <span className="font-medium text-ink-950">{formatUsd(low)}</span>
        </span>
        <span>
          <span className="text-slate-500">High </span>
          <span className="font-medium text-ink-950">{formatUsd(high)}</span>
        </span>
      </div>
    </Card>
  );
}
