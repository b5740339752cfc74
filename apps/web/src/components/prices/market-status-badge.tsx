import { type MarketStatus, marketStatusDetail, marketStatusLabel } from '@tickerwise/shared';
import { useMarketStatus } from '../../lib/market-status.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Tooltip } from '../ui/tooltip.tsx';

const tones: Record<MarketStatus['state'], BadgeTone> = {
  open: 'success',
  pre: 'warning',
  after: 'warning',
  closed: 'neutral',
};

const dots: Record<MarketStatus['state'], string> = {
  open: 'bg-brand-500',
  pre: 'bg-amber-500',
  after: 'bg-amber-500',
  closed: 'bg-slate-400',
};

/**
 * Beside prices: "Market open", "Pre-market", "After hours" or "Market closed · at close Nov
 * 25, 4:00 PM ET" (docs/PRODUCT.md §7.6), the next opening bell on hover or focus.
 */
export function MarketStatusBadgeView({
  status,
  className = '',
}: {
  status: MarketStatus;
  className?: string;
}) {
  const label = marketStatusLabel(status);
  return (
    <Tooltip content={marketStatusDetail(status)}>
      <button
        type="button"
        className={`max-w-full rounded-full text-left ${className}`}
        data-market-state={status.state}
      >
        {/* Wraps in a narrow card rather than overflowing it. */}
        <Badge tone={tones[status.state]} className="whitespace-normal! text-left">
          <span
            aria-hidden="true"
            className={`mr-1.5 size-1.5 shrink-0 rounded-full ${dots[status.state]}`}
          />
          {label}
        </Badge>
      </button>
    </Tooltip>
  );
}

/** The market's status now, read from the server; nothing until it is known. */
export function MarketStatusBadge({ className = '' }: { className?: string }) {
  const status = useMarketStatus();
  return status ? <MarketStatusBadgeView status={status} className={className} /> : null;
}
