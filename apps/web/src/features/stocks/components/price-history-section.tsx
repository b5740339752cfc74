import type { HistoryRange } from '@tickerwise/shared';
import { useSearchParams } from 'react-router';
import { ChangeIndicator } from '../../../components/prices/change-indicator.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useHistory } from '../api/get-history.ts';
import {
  type ChartKind,
  chartKindFromParam,
  rangeChange,
  rangeFromParam,
  rangeNames,
  rangeParam,
} from '../chart-range.ts';
import { PriceTable } from './price-table.tsx';
import { PriceVolumeChart } from './price-volume-chart.tsx';
import { ChartKindPicker, RangePicker } from './range-picker.tsx';
import { SourceNote } from './source-note.tsx';

/** The price chart's height plus the volume bars' (400 px + 8 px + 96 px): kept in every state. */
const chartArea = 'h-[504px]';

/**
 * docs/PRODUCT.md §3.13: the price chart with its range and line-or-candles buttons, both kept
 * in the address (`?range=1y&chart=candles`), so a link or a reload shows the same chart.
 */
export function PriceHistorySection({ symbol }: { symbol: string }) {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParam(params.get('range'));
  const kind = chartKindFromParam(params.get('chart'));
  const history = useHistory(symbol, range);
  const bars = history.data?.bars ?? [];
  const change = rangeChange(bars);
  const switching = history.isPlaceholderData;

  function setParam(name: string, value: string | null) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  const choose = (next: HistoryRange) => setParam('range', rangeParam(next));
  const chooseKind = (next: ChartKind) => setParam('chart', next === 'line' ? null : next);

  return (
    <Card
      as="section"
      aria-labelledby="price-history-heading"
      aria-busy={switching || !history.data}
      className="space-y-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="price-history-heading" className="text-base font-semibold text-ink-950">
            Price History
          </h2>
          {change !== null && !switching && (
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-500">
              <ChangeIndicator change={change} className="text-sm" />
              {rangeNames[range].period}
            </span>
          )}
          {switching && <Spinner label={`Loading the ${rangeNames[range].period}`} />}
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <ChartKindPicker kind={kind} onChange={chooseKind} />
          <RangePicker range={range} onChange={choose} />
        </div>
      </div>
      <div className={`${chartArea} ${switching ? 'opacity-60 transition-opacity' : ''}`}>
        {history.data && bars.length > 0 && (
          <PriceVolumeChart
            symbol={history.data.symbol}
            bars={bars}
            range={history.data.range}
            rising={(change ?? 0) >= 0}
            kind={kind}
          />
        )}
        {history.data && bars.length === 0 && (
          <div className="grid h-full place-items-center rounded-xl border border-dashed border-slate-200 bg-slate-50/60">
            <EmptyState
              size="compact"
              title="No price history yet"
              description={`The data source has no daily prices for ${symbol} so far.`}
            />
          </div>
        )}
        {!history.data && history.isError && (
          <div className="flex h-full items-center">
            <ErrorState
              className="w-full"
              title="Price history could not be loaded."
              onRetry={() => history.refetch()}
              retrying={history.isFetching}
            >
              {history.error.message}
            </ErrorState>
          </div>
        )}
        {!history.data && !history.isError && (
          <div role="status" className="h-full">
            <span className="sr-only">Loading price history</span>
            <Skeleton className="h-[400px] w-full" />
            <Skeleton className="mt-2 h-24 w-full" />
          </div>
        )}
      </div>
      {history.data && bars.length > 0 && <PriceTable symbol={history.data.symbol} bars={bars} />}
      <div className="min-h-5">
        {history.data && (
          <SourceNote
            subject="Daily prices"
            source={history.data.source}
            asOf={history.data.asOf}
            dateWord="through"
            stale={history.data.stale}
          />
        )}
      </div>
    </Card>
  );
}
