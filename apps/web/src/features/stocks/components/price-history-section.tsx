import {
  type DailyBar,
  formatNewYorkTime,
  type IntradayResponse,
  type SymbolMatch,
} from '@tickerwise/shared';
import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChangeIndicator } from '../../../components/prices/change-indicator.tsx';
import { SymbolPicker } from '../../../components/symbol-picker.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useHistory } from '../api/get-history.ts';
import { useIntraday } from '../api/get-intraday.ts';
import {
  alignedCloses,
  type ChartKind,
  type ChartRange,
  chartKindFromParam,
  compareFromParam,
  isIntraday,
  type Overlay,
  overlaysFromParam,
  overlaysParam,
  rangeChange,
  rangeFromParam,
  rangeNames,
  rangeParam,
} from '../chart-range.ts';
import { sourceName } from '../data-source.ts';
import { PriceTable } from './price-table.tsx';
import { type ChartAverages, PriceVolumeChart } from './price-volume-chart.tsx';
import { ChartKindPicker, OverlayPicker, RangePicker } from './range-picker.tsx';
import { SourceNote } from './source-note.tsx';
import { StaleBadge } from './stale-badge.tsx';

/** The price chart's height, plus the volume bars' when shown (8 px + 96 px). */
const chartHeight = (volume: boolean) => (volume ? 'h-[504px]' : 'h-[400px]');

/** An intraday bar as the chart and the table draw it: `date` is the instant it starts. */
const asChartBars = (answer: IntradayResponse | undefined): DailyBar[] =>
  answer?.bars.map(({ time, open, high, low, close, volume }) => ({
    date: time,
    open,
    high,
    low,
    close,
    volume,
  })) ?? [];

const stateNames = {
  open: 'Market open',
  pre: 'Market closed (pre-market)',
  after: 'Market closed (after hours)',
  closed: 'Market closed',
} as const;

/**
 * docs/PRODUCT.md §3.13: the price chart with its range, line-or-candles and overlay buttons
 * and a compared symbol, all kept in the address (`?range=5d&chart=candles&overlays=sma50,
 * volume&compare=SPY`), so a link or a reload shows the same chart. 1D and 5D are intraday
 * bars, which say whether the market is open and how late the plan sees them.
 */
export function PriceHistorySection({ symbol }: { symbol: string }) {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParam(params.get('range'));
  const kind = chartKindFromParam(params.get('chart'));
  const overlays = overlaysFromParam(params.get('overlays'));
  const compareSymbol = compareFromParam(params.get('compare'), symbol);
  const intraday = isIntraday(range);
  const dailyRange = intraday ? null : range;
  const intradayRange = intraday ? range : null;
  const averagesWanted = overlays.has('sma50') || overlays.has('sma200');

  const daily = useHistory(intraday ? null : symbol, dailyRange, averagesWanted);
  const minutes = useIntraday(intraday ? symbol : null, intradayRange);
  const comparedDaily = useHistory(intraday ? null : compareSymbol, dailyRange);
  const comparedMinutes = useIntraday(intraday ? compareSymbol : null, intradayRange);
  const query = intraday ? minutes : daily;
  const compared = intraday ? comparedMinutes : comparedDaily;

  const bars = useMemo(
    () => (intraday ? asChartBars(minutes.data) : (daily.data?.bars ?? [])),
    [intraday, minutes.data, daily.data],
  );
  const loaded = intraday ? minutes.data !== undefined : daily.data !== undefined;
  const switching = query.isPlaceholderData;
  const change = rangeChange(bars);

  // The compared symbol's closes on this chart's bars, once its bars of this range are in.
  const comparison = useMemo(() => {
    const data = compared.data;
    if (!compareSymbol || !data || compared.isPlaceholderData || data.range !== range) {
      return undefined;
    }
    const theirs =
      'intervalMinutes' in data
        ? data.bars.map((bar) => ({ key: bar.time, close: bar.close }))
        : data.bars.map((bar) => ({ key: bar.date, close: bar.close }));
    return {
      symbol: data.symbol,
      closes: alignedCloses(
        bars.map((bar) => bar.date),
        theirs,
      ),
    };
  }, [compareSymbol, compared.data, compared.isPlaceholderData, range, bars]);

  const averages = useMemo((): ChartAverages | undefined => {
    const drawn = daily.data?.averages;
    if (intraday || !drawn || daily.isPlaceholderData) return undefined;
    return {
      ...(overlays.has('sma50') ? { sma50: drawn.sma50 } : {}),
      ...(overlays.has('sma200') ? { sma200: drawn.sma200 } : {}),
    };
  }, [intraday, daily.data, daily.isPlaceholderData, overlays]);

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
  const choose = (next: ChartRange) => setParam('range', rangeParam(next));
  const chooseKind = (next: ChartKind) => setParam('chart', next === 'line' ? null : next);
  const toggle = (overlay: Overlay) => {
    const next = new Set(overlays);
    if (next.has(overlay)) next.delete(overlay);
    else next.add(overlay);
    setParam('overlays', overlaysParam(next));
  };
  const compareWith = (picked: string) => setParam('compare', picked);
  const showVolume = overlays.has('volume');
  // A compared symbol is drawn with the chart, not after it: the scale changes to percent.
  const awaitingComparison =
    compareSymbol !== null && comparison === undefined && !compared.isError;
  // The table stays open while the range changes, even through a range still loading.
  const [tableOpen, setTableOpen] = useState(false);
  const noIntraday = intraday && minutes.data?.available === false;
  // The source did not answer and no bars of this symbol are kept yet.
  const intradayUnreachable =
    intraday && minutes.data?.stale === true && minutes.data.bars.length === 0;

  return (
    <Card
      as="section"
      aria-labelledby="price-history-heading"
      aria-busy={switching || !loaded}
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <OverlayPicker overlays={overlays} onToggle={toggle} />
        <ComparePicker
          own={symbol.toUpperCase()}
          symbol={compareSymbol}
          onPick={compareWith}
          onClear={() => setParam('compare', null)}
        />
      </div>
      {intraday && minutes.data && !switching && <SessionLine answer={minutes.data} />}
      {intraday && averagesWanted && (
        <p className="text-xs text-slate-500">
          SMA 50 and SMA 200 are averages of daily closes: they are drawn on 1M and longer.
        </p>
      )}
      {compareSymbol && compared.isError && (
        <p role="status" className="text-xs text-red-700">
          {compareSymbol}'s prices could not be loaded: {compared.error.message}
        </p>
      )}
      <div
        className={`${chartHeight(showVolume && !noIntraday)} ${switching ? 'opacity-60 transition-opacity' : ''}`}
      >
        {loaded && bars.length > 0 && !awaitingComparison && (
          <PriceVolumeChart
            symbol={symbol.toUpperCase()}
            bars={bars}
            range={intraday ? (minutes.data?.range ?? range) : (daily.data?.range ?? range)}
            rising={(change ?? 0) >= 0}
            kind={kind}
            compare={comparison}
            {...(averages ? { averages } : {})}
            showVolume={showVolume}
          />
        )}
        {loaded && bars.length === 0 && (
          <div className="grid h-full place-items-center rounded-xl border border-dashed border-slate-200 bg-slate-50/60">
            <EmptyState
              size="compact"
              title={
                noIntraday
                  ? 'No intraday prices from this source'
                  : intradayUnreachable
                    ? 'Intraday prices are unavailable right now'
                    : 'No price history yet'
              }
              description={
                noIntraday
                  ? `This server's ${sourceName(minutes.data!.source)} plan gives no intraday bars. The 1M to Max ranges are drawn from daily prices.`
                  : intradayUnreachable
                    ? `${sourceName(minutes.data!.source)} could not be reached and no intraday prices of ${symbol.toUpperCase()} are kept yet. The chart asks again every minute; the 1M to Max ranges are drawn from stored daily prices.`
                    : intraday
                      ? `No intraday prices for ${symbol.toUpperCase()} so far.`
                      : `The data source has no daily prices for ${symbol} so far.`
              }
            />
          </div>
        )}
        {!loaded && query.isError && (
          <div className="flex h-full items-center">
            <ErrorState
              className="w-full"
              title="Price history could not be loaded."
              onRetry={() => query.refetch()}
              retrying={query.isFetching}
            >
              {query.error.message}
            </ErrorState>
          </div>
        )}
        {((!loaded && !query.isError) || (loaded && bars.length > 0 && awaitingComparison)) && (
          <div role="status" className="h-full">
            <span className="sr-only">Loading price history</span>
            <Skeleton className="h-[400px] w-full" />
            {showVolume && <Skeleton className="mt-2 h-24 w-full" />}
          </div>
        )}
      </div>
      {loaded && bars.length > 0 && (
        <PriceTable
          symbol={symbol.toUpperCase()}
          bars={bars}
          open={tableOpen}
          onOpenChange={setTableOpen}
          {...(intraday && minutes.data ? { interval: minutes.data.intervalMinutes } : {})}
        />
      )}
      <div className="min-h-5">
        {!intraday && daily.data && (
          <SourceNote
            subject="Daily prices"
            source={daily.data.source}
            asOf={daily.data.asOf}
            dateWord="through"
            stale={daily.data.stale}
          />
        )}
        {intraday && minutes.data && (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            {minutes.data.stale && minutes.data.asOf && (
              <StaleBadge asOf={minutes.data.asOf.slice(0, 10)} />
            )}
            <span>
              Intraday prices: {sourceName(minutes.data.source)}
              {minutes.data.simulated && ' (not real market data)'}
              {minutes.data.asOf && ` · to ${formatNewYorkTime(minutes.data.asOf)}`}
            </span>
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * Whether the market is open and when the bars stop: now, or for a delayed plan its delay ago;
 * simulated bars say so.
 */
function SessionLine({ answer }: { answer: IntradayResponse }) {
  const { market, asOf, delayed, delayMinutes, simulated } = answer;
  const open = market.state === 'open';
  const through = asOf ? formatNewYorkTime(asOf) : null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1.5 font-semibold text-ink-950">
        <span
          aria-hidden="true"
          className={`size-2 rounded-full ${open ? 'bg-emerald-500' : 'bg-slate-400'}`}
        />
        {stateNames[market.state]}
      </span>
      <span>
        {open
          ? `as of ${formatNewYorkTime(market.asOf)}`
          : `last session closed ${formatNewYorkTime(market.asOf)}`}
      </span>
      {through && (
        <span>
          · bars to {through}
          {delayed ? ` (your plan sees prices ${delayMinutes} minutes late)` : ''}
        </span>
      )}
      {simulated && <Badge tone="outline">Simulated intraday prices</Badge>}
    </p>
  );
}

/** The compared symbol, chosen from the symbol search; SPY one click away. */
function ComparePicker({
  own,
  symbol,
  onPick,
  onClear,
}: {
  /** The page's own symbol: not offered. */
  own: string;
  symbol: string | null;
  onPick: (symbol: string) => void;
  onClear: () => void;
}) {
  if (symbol) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <span>
          Compared with <span className="font-semibold text-indigo-700">{symbol}</span>, in percent
        </span>
        <button
          type="button"
          onClick={onClear}
          aria-label={`Stop comparing with ${symbol}`}
          className="rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-ink-950"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </p>
    );
  }
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      {own !== 'SPY' && (
        <button
          type="button"
          onClick={() => onPick('SPY')}
          className="shrink-0 rounded-lg border border-slate-200 px-2.5 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          Compare with SPY
        </button>
      )}
      <SymbolPicker
        taken={[own]}
        onPick={(match: SymbolMatch) => onPick(match.symbol)}
        label="Compare with a stock or ETF"
        placeholder="Compare with…"
      />
    </div>
  );
}
