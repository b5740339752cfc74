import type { WatchlistDetail } from '@tickerwise/shared';
import { UpgradeLink } from '../../../components/prices/delayed-badge.tsx';
import { useMarketStatus } from '../../../lib/market-status.ts';
import { planDelayMinutes } from './row-quote.ts';

const time = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** Where the table's figures come from and how fresh they are. */
export function Provenance({ detail, sorted }: { detail: WatchlistDetail; sorted: boolean }) {
  const market = useMarketStatus();
  const quoted = detail.rows
    .map((row) => row.quotedAt)
    .filter((value): value is string => value !== null)
    .sort()
    .at(-1);
  const delayMinutes = planDelayMinutes(detail.rows);
  const rated = detail.rows.find((row) => row.ratingAsOf)?.ratingAsOf;
  const source =
    detail.source === 'simulated'
      ? 'Simulated prices (not real market data)'
      : `Prices from ${detail.source === 'finnhub' ? 'Finnhub' : detail.source}`;
  return (
    <p className="text-xs text-slate-500">
      {source}
      {quoted ? `, as of ${time.format(new Date(quoted))}` : ''}
      {delayMinutes > 0 ? (
        <>
          ; Delayed {delayMinutes} min, refreshed every minute (<UpgradeLink />)
        </>
      ) : // "live" only while the market trades (docs/PRODUCT.md §7.6).
      market?.state === 'open' ? (
        '; live for your plan'
      ) : (
        '; real-time for your plan'
      )}
      . Sparklines show the last month of daily closes
      {rated ? `; ratings are on the close of ${rated}` : ''}.{' '}
      {sorted
        ? 'Clear the sort (click the sorted column until its arrows return) to move rows.'
        : 'Drag a row by its grip, or focus the grip and use Space and the arrow keys, to move it.'}
    </p>
  );
}
