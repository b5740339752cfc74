import { Info } from 'lucide-react';
import { formatDay, formatMoment, priceSourceName } from '../lib/price-sources.ts';
import { UpgradeLink } from './prices/delayed-badge.tsx';
import { Badge } from './ui/badge.tsx';

interface PricesNoteProps {
  /** Every source behind the figures (`simulated`, `finnhub`, `trade`...). */
  sources: readonly string[];
  /** When the prices were taken: an ISO instant, or a YYYY-MM-DD close. */
  asOf: string | null;
  /** Some price is the last one a source gave before it could not be reached. */
  delayed?: boolean;
  /** What the prices are: "Prices" (latest) or "Closes" (daily history). */
  what?: string;
  /** The viewer's plan sees prices this many minutes late (0 or absent: real-time). */
  planDelayMinutes?: number;
  className?: string;
}

/** The line under figures that says where their prices come from and how fresh they are. */
export function PricesNote({
  sources,
  asOf,
  delayed = false,
  what = 'Prices',
  planDelayMinutes = 0,
  className = '',
}: PricesNoteProps) {
  if (sources.length === 0) return null;
  const when = asOf ? (asOf.length === 10 ? formatDay(asOf) : formatMoment(asOf)) : null;
  return (
    <p className={`flex items-start gap-1.5 text-xs text-slate-500 ${className}`}>
      <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {what}: {sources.map(priceSourceName).join(', ')}
        {when && <>, as of {when}</>}
        {planDelayMinutes > 0 && (
          <>
            {' '}
            · Delayed {planDelayMinutes} min · <UpgradeLink />
          </>
        )}
        {delayed && (
          <Badge tone="warning" className="ml-1.5 align-middle">
            Delayed
          </Badge>
        )}
      </span>
    </p>
  );
}
