import type { Stock } from '@tickerwise/shared';
import { UpgradeLink } from '../../../components/prices/delayed-badge.tsx';
import { useMarketStatus } from '../../../lib/market-status.ts';
import { formatClockTime, sourceName } from '../data-source.ts';

/** Under a list: where its prices come from and when they were last refreshed. */
export function ListSourceNote({ stocks }: { stocks: readonly Stock[] }) {
  const market = useMarketStatus();
  if (stocks.length === 0) return null;
  // "live" only while the market trades (docs/PRODUCT.md §7.6).
  const live = market?.state === 'open' ? 'live for your plan' : 'real-time for your plan';
  const sources = [...new Set(stocks.map((stock) => stock.source))];
  const latest = stocks.reduce((newest, stock) => (stock.asOf > newest.asOf ? stock : newest));
  const named = sources
    .map((source) =>
      source === 'simulated' ? `${sourceName(source)} (not real market data)` : sourceName(source),
    )
    .join(', ');
  return (
    <p className="text-xs text-slate-500">
      Prices: {named} ·{' '}
      {latest.delayed ? (
        <>
          Delayed {latest.delayMinutes} min, as of {formatClockTime(latest.asOf)} · <UpgradeLink />
        </>
      ) : (
        <>
          {live} · updated {formatClockTime(latest.asOf)}
        </>
      )}
    </p>
  );
}
