import { type PriceFreshness, paths } from '@tickerwise/shared';
import { Link } from '../../lib/navigation.tsx';
import { Badge } from '../ui/badge.tsx';
import { Tooltip } from '../ui/tooltip.tsx';

const time = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export type Freshness = Pick<PriceFreshness, 'delayed' | 'delayMinutes' | 'asOf' | 'stale'>;

/**
 * Beside a price that is not live: "Delayed 15 min" when the viewer's plan sees prices late
 * (with an upgrade link when `upgrade`), "Delayed" when the data feed could not refresh it and
 * this is the last price received. Nothing for a live price.
 */
export function DelayedBadge({ quote, upgrade = false }: { quote: Freshness; upgrade?: boolean }) {
  if (quote.delayed) {
    return (
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        <Tooltip
          content={`Your plan shows prices ${quote.delayMinutes} minutes late: this is the price at ${time.format(new Date(quote.asOf))}. Pro and up see real-time prices.`}
        >
          <button type="button" className="rounded-full">
            <Badge tone="neutral">Delayed {quote.delayMinutes} min</Badge>
          </button>
        </Tooltip>
        {upgrade && <UpgradeLink />}
      </span>
    );
  }
  if (!quote.stale) return null;
  return (
    <Tooltip
      content={`Live prices are briefly unavailable. This is the last price received, at ${time.format(new Date(quote.asOf))}.`}
    >
      <button type="button" className="rounded-full">
        <Badge tone="warning">Delayed</Badge>
      </button>
    </Tooltip>
  );
}

/**
 * The way to real-time prices, beside a delayed one. `forWhat` finishes its name for screen
 * readers ("Upgrade to Pro for ..."), so two on one page say what each is for.
 */
export function UpgradeLink({ forWhat = 'real-time prices' }: { forWhat?: string }) {
  return (
    <Link to={paths.pricing} className="text-xs font-semibold text-brand-700 hover:underline">
      Upgrade<span className="sr-only"> to Pro for {forWhat}</span>
    </Link>
  );
}
