import { stockPath } from '@tickerwise/shared';
import { PieChart } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDay } from '../../lib/price-sources.ts';
import { useSecurityPage } from '../../lib/security-page-slot.ts';
import { useFund } from './api/get-fundamentals.ts';
import { FundamentalsNote, FundamentalsStanding } from './components/fundamentals-note.tsx';

const weight = (value: number) => `${value.toFixed(2)}%`;

/**
 * docs/PRODUCT.md §3.13: a fund's ten largest holdings and its sector weights, each with its
 * share of the fund as a bar; where they come from and as of when. A company has none: the
 * section is not shown.
 */
export function FundHoldingsSection() {
  const { symbol, type } = useSecurityPage();
  if (type !== 'etf') return null;
  return <HoldingsCard symbol={symbol} />;
}

function HoldingsCard({ symbol }: { symbol: string }) {
  const query = useFund(symbol);
  const data = query.data;
  return (
    <Card as="section" aria-labelledby="holdings-heading" aria-busy={!data} className="space-y-4">
      <h2
        id="holdings-heading"
        className="flex items-center gap-2 text-base font-semibold text-ink-950"
      >
        <PieChart aria-hidden="true" className="size-5 text-brand-700" />
        Holdings and sectors
      </h2>
      {query.isError && !data ? (
        <ErrorState
          title="The fund’s holdings could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        >
          {query.error?.message}
        </ErrorState>
      ) : !data ? (
        <div role="status" aria-label="Loading the holdings" className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-2">
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
          <div className="space-y-2">
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
        </div>
      ) : (
        <>
          <FundamentalsStanding status={data.status} source={data.source} message={data.message} />
          {data.status !== 'unavailable' && data.status !== 'not_offered' && (
            <div className="grid gap-6 lg:grid-cols-2">
              <section aria-labelledby="top-holdings-heading">
                <h3 id="top-holdings-heading" className="mb-2 text-sm font-semibold text-ink-950">
                  Top holdings
                  {data.holdingsCount !== null && (
                    <span className="font-normal text-slate-500">
                      {' '}
                      · {data.holdingsCount.toLocaleString('en-US')} in all
                    </span>
                  )}
                </h3>
                {data.topHoldings.length === 0 ? (
                  <p className="text-sm text-slate-500">
                    {data.source === 'simulated'
                      ? `${symbol} holds bonds, commodities or shares outside the stocks Tickerwise lists, so the simulation names no holdings.`
                      : `The source lists no holdings of ${symbol}.`}
                  </p>
                ) : (
                  <ol className="divide-y divide-slate-100">
                    {data.topHoldings.map((holding) => (
                      <li key={`${holding.symbol}-${holding.name}`} className="py-2">
                        <div className="flex items-baseline justify-between gap-3 text-sm">
                          <span className="min-w-0 truncate">
                            {holding.symbol ? (
                              <Link
                                to={stockPath(holding.symbol)}
                                className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
                              >
                                {holding.symbol}
                              </Link>
                            ) : null}{' '}
                            <span className="text-slate-600">{holding.name}</span>
                          </span>
                          <span className="shrink-0 font-medium tabular-nums">
                            {weight(holding.weightPercent)}
                          </span>
                        </div>
                        <Bar percent={holding.weightPercent} />
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              <section aria-labelledby="sector-weights-heading">
                <h3 id="sector-weights-heading" className="mb-2 text-sm font-semibold text-ink-950">
                  Sector weights
                </h3>
                {data.sectorWeights.length === 0 ? (
                  <p className="text-sm text-slate-500">
                    No sector weights: {symbol} does not hold company shares the source sorts by
                    sector.
                  </p>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {data.sectorWeights.map((entry) => (
                      <li key={entry.sector} className="py-2">
                        <div className="flex items-baseline justify-between gap-3 text-sm">
                          <span className="text-ink-950">{entry.sector}</span>
                          <span className="font-medium tabular-nums">
                            {weight(entry.weightPercent)}
                          </span>
                        </div>
                        <Bar percent={entry.weightPercent} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          )}
          <FundamentalsNote
            source={data.source}
            asOf={data.asOf}
            what="ETF data"
            {...(data.holdingsAsOf ? { extra: `holdings of ${formatDay(data.holdingsAsOf)}` } : {})}
          />
        </>
      )}
    </Card>
  );
}

function Bar({ percent }: { percent: number }) {
  return (
    <div aria-hidden="true" className="mt-1 h-1.5 w-full rounded-full bg-slate-100">
      <div
        className="h-1.5 rounded-full bg-brand-600"
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </div>
  );
}
