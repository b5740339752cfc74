import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  formatUsd,
  marketOverviewSchema,
  type MarketOverview as Overview,
  paths,
  stockPath,
} from '@tickerwise/shared';
import { Link } from 'react-router';
import { apiRequest } from '../lib/api-client.ts';
import { formatMoment, priceSourceName } from '../lib/price-sources.ts';
import { ChangeIndicator } from './prices/change-indicator.tsx';
import { UpgradeLink } from './prices/delayed-badge.tsx';
import { MarketStatusBadge } from './prices/market-status-badge.tsx';
import { Card } from './ui/card.tsx';

/** `GET /api/market/overview`: refreshed every minute. */
const marketOverviewQuery = queryOptions({
  queryKey: ['market-overview'],
  queryFn: async ({ signal }): Promise<Overview> =>
    marketOverviewSchema.parse(await apiRequest<unknown>('/api/market/overview', { signal })),
  refetchInterval: 60_000,
});

type Mover = Overview['gainers'][number];

function MoverList({ title, movers, empty }: { title: string; movers: Mover[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {movers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1.5 text-sm">
          {movers.map((mover) => (
            <li key={mover.symbol} className="flex items-center justify-between gap-2">
              <Link
                to={stockPath(mover.symbol)}
                className="min-w-0 truncate font-medium text-ink-950 hover:text-brand-700"
                title={mover.name}
              >
                {mover.symbol}
              </Link>
              <span className="flex shrink-0 items-center gap-2 tabular-nums">
                <span className="text-slate-600">{formatUsd(mover.price)}</span>
                <ChangeIndicator change={mover.change} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Where the overview's prices come from and how late they are for the plan. */
function OverviewSource({ overview }: { overview: Overview }) {
  return (
    <p className="text-xs text-slate-500">
      Prices: {priceSourceName(overview.source)} ·{' '}
      {overview.delayed ? (
        <>
          Delayed {overview.delayMinutes} min, as of {formatMoment(overview.asOf)} · <UpgradeLink />
        </>
      ) : (
        <>Real-time for your plan, as of {formatMoment(overview.asOf)}</>
      )}
      {' · '}Movers and sectors among {overview.priced} stocks with a price today; sectors are
      equal-weighted
    </p>
  );
}

/**
 * The market at a glance (dashboard home and Stocks page): the index funds, the day's top
 * gainers and losers, each sector's change and the market status, with source and delay.
 */
export function MarketOverview() {
  const overview = useQuery(marketOverviewQuery);
  const data = overview.data;
  return (
    <Card as="section" aria-labelledby="market-overview-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="market-overview-heading" className="text-base font-semibold text-ink-950">
          Market overview
        </h2>
        <div className="flex items-center gap-3">
          <MarketStatusBadge />
          <Link
            to={paths.screener}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            Open the screener
          </Link>
        </div>
      </div>
      {overview.isError && !data && (
        <p className="text-sm text-slate-500">The market overview could not load right now.</p>
      )}
      {!data && overview.isPending && <p className="text-sm text-slate-400">Loading…</p>}
      {data && (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Index funds">
            {data.indexes.map((fund) => (
              <li key={fund.symbol} className="rounded-xl border border-slate-100 px-3 py-2">
                <Link
                  to={stockPath(fund.symbol)}
                  className="text-sm font-semibold text-ink-950 hover:text-brand-700"
                >
                  {fund.symbol}
                </Link>
                <span className="block truncate text-xs text-slate-500">{fund.name}</span>
                <span className="mt-1 flex items-center justify-between gap-2 text-sm tabular-nums">
                  {formatUsd(fund.price)}
                  <ChangeIndicator change={fund.change} />
                </span>
              </li>
            ))}
            {data.indexes.length === 0 && (
              <li className="col-span-full text-sm text-slate-400">No index fund price yet.</li>
            )}
          </ul>
          <div className="grid gap-5 sm:grid-cols-3">
            <MoverList title="Top gainers" movers={data.gainers} empty="No stock is up yet." />
            <MoverList title="Top losers" movers={data.losers} empty="No stock is down yet." />
            <div className="min-w-0">
              <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Sectors today
              </h3>
              {data.sectors.length === 0 ? (
                <p className="mt-2 text-sm text-slate-400">No sector has prices yet.</p>
              ) : (
                <ul className="mt-2 space-y-1 text-sm">
                  {data.sectors.map((sector) => (
                    <li key={sector.sector} className="flex items-center justify-between gap-2">
                      <Link
                        to={`${paths.screener}?sector=${encodeURIComponent(sector.sector)}&sort=-change`}
                        className="min-w-0 truncate text-slate-700 hover:text-brand-700"
                      >
                        {sector.sector}
                      </Link>
                      <ChangeIndicator change={sector.change} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <OverviewSource overview={data} />
        </>
      )}
    </Card>
  );
}
