import {
  type PerformanceRange,
  type PerformanceResponse,
  performanceRangeLabels,
  performanceRanges,
} from '@tickerwise/shared';
import { useState } from 'react';
import {
  LazyPerformanceChart,
  PerformanceLegend,
} from '../../../components/lazy-performance-chart.tsx';
import { PricesNote } from '../../../components/prices-note.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatRatioChange } from '../../../lib/money-format.ts';
import { formatDay } from '../../../lib/price-sources.ts';
import { usePerformance } from '../api/get-performance.ts';
import { Gain } from './gain.tsx';

const rangeNames: Record<PerformanceRange, string> = {
  '1m': 'the last month',
  '3m': 'the last 3 months',
  ytd: 'this year',
  '1y': 'the last year',
  all: 'all time',
};

/** The performance chart with its ranges, and the returns over the chosen range against SPY. */
export function PerformancePanel({ portfolioId }: { portfolioId: string }) {
  const [range, setRange] = useState<PerformanceRange>('1m');
  const { data, error, isPending, isPlaceholderData, refetch, isRefetching } = usePerformance(
    portfolioId,
    range,
  );

  return (
    <Card as="section" aria-labelledby="performance-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="performance-heading" className="text-base font-semibold text-ink-950">
          Performance
        </h2>
        <fieldset className="flex rounded-xl bg-slate-100 p-1">
          <legend className="sr-only">Range</legend>
          {performanceRanges.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === range}
              onClick={() => setRange(option)}
              className={`rounded-lg px-3 py-1.5 text-xs font-semibold transition-colors ${
                option === range
                  ? 'bg-white text-ink-950 shadow-sm'
                  : 'text-slate-600 hover:text-ink-950'
              }`}
            >
              {performanceRangeLabels[option]}
            </button>
          ))}
        </fieldset>
      </div>
      <div
        className={`mt-4 ${isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={isPlaceholderData}
      >
        {isPending ? (
          <div className="space-y-4">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-72 w-full" />
            <span className="sr-only" role="status">
              Loading performance
            </span>
          </div>
        ) : error && !data ? (
          <ErrorState
            title="The performance could not be loaded."
            onRetry={() => refetch()}
            retrying={isRefetching}
          />
        ) : data && data.points.length < 2 ? (
          <EmptyState
            title="Not enough history yet"
            description="The chart starts after your first transaction's trading day closes."
          />
        ) : data ? (
          <PerformanceBody performance={data} />
        ) : null}
      </div>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-ink-950 tabular-nums">{children}</dd>
    </div>
  );
}

function PerformanceBody({ performance }: { performance: PerformanceResponse }) {
  const { benchmark, closes } = performance;
  const ratio = (value: number | null) => (value === null ? '—' : formatRatioChange(value));
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Time-weighted return">{ratio(performance.timeWeightedReturn)}</Figure>
        <Figure label="Money-weighted return">
          {ratio(performance.moneyWeightedReturn)}
          {performance.moneyWeightedAnnualised !== null && (
            <span className="block text-xs font-normal text-slate-500">
              {formatRatioChange(performance.moneyWeightedAnnualised)} a year
            </span>
          )}
        </Figure>
        <Figure label={`${benchmark.symbol} over the same days`}>{ratio(benchmark.return)}</Figure>
        <Figure label="Gain">
          <Gain value={performance.gain} />
        </Figure>
      </dl>
      <LazyPerformanceChart
        points={performance.points}
        benchmarkSymbol={benchmark.symbol}
        label={`Your portfolio's return against ${benchmark.symbol} over ${rangeNames[performance.range]}`}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PerformanceLegend
          benchmarkSymbol={benchmark.symbol}
          portfolioReturn={ratio(performance.timeWeightedReturn)}
          benchmarkReturn={ratio(benchmark.return)}
        />
        <PricesNote
          what="Daily closes"
          sources={closes.sources}
          asOf={closes.asOf}
          delayed={closes.stale}
        />
      </div>
      <p className="text-xs text-slate-500">
        From the close of {performance.from && formatDay(performance.from)} to{' '}
        {performance.to && formatDay(performance.to)}. Time-weighted return leaves out the money you
        put in or took out; money-weighted return counts when you did.
        {closes.missing.length > 0 &&
          ` Before their first stored close, ${closes.missing.map((gap) => gap.symbol).join(', ')} ${
            closes.missing.length === 1 ? 'is' : 'are'
          } valued at your trade price.`}
      </p>
    </div>
  );
}
