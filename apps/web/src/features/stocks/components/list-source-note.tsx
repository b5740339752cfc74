import type { Stock } from '@tickerwise/shared';
import { UpgradeLink } from '../../../components/prices/delayed-badge.tsx';
import { formatClockTime, sourceName } from '../data-source.ts';

/** Under a list: where its prices come from and when they were last refreshed. */
export function ListSourceNote({ stocks }: { stocks: readonly Stock[] }) {
  if (stocks.length === 0) return null;
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
        <>live for your plan · updated {formatClockTime(latest.asOf)}</>
      )}
    </p>
  );
}
