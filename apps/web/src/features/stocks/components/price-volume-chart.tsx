import { type DailyBar, formatUsd, intradayShapes } from '@tickerwise/shared';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { useMemo, useRef, useState } from 'react';
import { Bar, Chart, Line } from 'react-chartjs-2';
import {
  axisLabel,
  type ChartKind,
  type ChartRange,
  candlesOf,
  formatBarTime,
  isIntraday,
  percentFromFirst,
  rangeNames,
} from '../chart-range.ts';
import { formatTradingDay } from '../data-source.ts';

// Only what lines, bars, candles with lines over them and a tooltip need; this module is in
// the detail chunk only.
ChartJS.register(
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  BarController,
  LineController,
  Filler,
  Tooltip,
);

const colours = {
  rising: { line: '#059669', fill: 'rgba(16, 185, 129, 0.12)' },
  falling: { line: '#dc2626', fill: 'rgba(220, 38, 38, 0.10)' },
  volumeUp: 'rgba(16, 185, 129, 0.45)',
  volumeDown: 'rgba(220, 38, 38, 0.40)',
  compare: '#4f46e5',
  sma50: '#d97706',
  sma200: '#7c3aed',
  tick: '#64748b',
  grid: '#f1f5f9',
};

// Automated browsers (screenshots, e2e) and readers who asked for less motion get charts drawn
// at once, not animated.
const animate =
  typeof window !== 'undefined' &&
  !navigator.webdriver &&
  !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Both charts' value axes are this wide, so a day's bar sits exactly under its price. */
const valueAxisWidth = 64;
function fixAxisWidth(scale: Scale) {
  scale.width = valueAxisWidth;
}

const dollars = (decimals: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
const wholeDollars = dollars(0);
const cents = dollars(2);
const signedPercent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  signDisplay: 'exceptZero',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Two decimals, so an intraday scale's steps of 0.05% do not read as the same label twice.
const percentTick = new Intl.NumberFormat('en-US', {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 2,
});
const formatPercent = (value: number) => signedPercent.format(value / 100);

/** Price axis labels all with cents when the steps are under a dollar, all without otherwise. */
function priceTick(value: number, ticks: readonly { value: number }[]): string {
  const step = Math.abs((ticks[1]?.value ?? 0) - (ticks[0]?.value ?? 0));
  return (step > 0 && step < 1 ? cents : wholeDollars).format(value);
}
const volumeTick = new Intl.NumberFormat('en-US', {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const shares = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Moving averages of the closes on the chart's bars (null before enough closes). */
export interface ChartAverages {
  sma50?: readonly (number | null)[];
  sma200?: readonly (number | null)[];
}

/** Another symbol's closes on the chart's bars, drawn with it on a percent scale. */
export interface ChartComparison {
  symbol: string;
  closes: readonly (number | null)[];
}

interface PriceVolumeChartProps {
  symbol: string;
  /** Oldest first; `date` is the day, or for 1D and 5D the instant the bar starts. */
  bars: readonly DailyBar[];
  range: ChartRange;
  /** Green when the range ended at or above where it began, red otherwise. */
  rising: boolean;
  /** A line of the closes (the default) or a candle per bar. */
  kind?: ChartKind;
  compare?: ChartComparison | undefined;
  averages?: ChartAverages;
  /** Volume bars beneath the prices (the default). */
  showVolume?: boolean;
}

/** One line drawn over the prices, as the tooltip and the keyboard readout name it. */
interface Overlay {
  label: string;
  colour: string;
  values: readonly (number | null)[];
  /** The dollar figure behind a percent value, for the tooltip. */
  dollars?: readonly (number | null)[];
}

/**
 * docs/PRODUCT.md §3.13: the closing prices as a 400 px filled line (tension 0.4, at most 8
 * x-axis labels), or a candle per bar (a thin wick from low to high, a body from open to
 * close, green when it closed at or above its open; open, high, low, close and volume in the
 * tooltip), with the moving averages and a compared symbol drawn over it (then every line is
 * the percent change from the range's first close) and the volume in bars beneath. A range
 * input over it (reached with Tab) steps through the bars with the arrow keys, Page Up and
 * Down, Home and End: each is read out as its value and shown in the tooltip.
 */
export function PriceVolumeChart({
  symbol,
  bars,
  range,
  rising,
  kind = 'line',
  compare,
  averages,
  showVolume = true,
}: PriceVolumeChartProps) {
  const intraday = isIntraday(range);
  const labels = useMemo(
    () => bars.map((bar) => axisLabel(bar.date, range, bars.length)),
    [bars, range],
  );
  const hasVolume = bars.some((bar) => bar.volume > 0);
  const percent = compare !== undefined;
  const base = bars[0]?.close ?? 0;
  const scaled = useMemo(
    () => (value: number | null) =>
      value === null ? null : percent ? ((value - base) / base) * 100 : value,
    [percent, base],
  );

  const overlays = useMemo((): Overlay[] => {
    const lines: Overlay[] = [];
    if (compare) {
      lines.push({
        label: compare.symbol,
        colour: colours.compare,
        values: percentFromFirst(compare.closes),
        dollars: compare.closes,
      });
    }
    for (const [key, label] of [
      ['sma50', 'SMA 50'],
      ['sma200', 'SMA 200'],
    ] as const) {
      const values = averages?.[key];
      if (!values) continue;
      lines.push({
        label,
        colour: colours[key],
        values: values.map((value) => scaled(value)),
        ...(percent ? { dollars: values } : {}),
      });
    }
    return lines;
  }, [compare, averages, scaled, percent]);

  const overlayDatasets = useMemo(
    () =>
      overlays.map((overlay) => ({
        type: 'line' as const,
        label: overlay.label,
        data: overlay.values.map((value) => value),
        borderColor: overlay.colour,
        backgroundColor: overlay.colour,
        borderWidth: overlay.label === compare?.symbol ? 2 : 1.5,
        pointRadius: 0,
        pointHoverRadius: 3,
        tension: 0.2,
        fill: false,
        spanGaps: true,
      })),
    [overlays, compare],
  );

  const price = useMemo(() => {
    const colour = rising ? colours.rising : colours.falling;
    return {
      labels,
      datasets: [
        {
          label: symbol,
          data: bars.map((bar) => scaled(bar.close)),
          borderColor: colour.line,
          backgroundColor: colour.fill,
          borderWidth: 2,
          fill: !percent,
          tension: intraday ? 0.2 : 0.4,
          pointRadius: 0,
          pointHoverRadius: 4,
          pointHoverBackgroundColor: colour.line,
        },
        ...overlayDatasets,
      ],
    };
  }, [symbol, bars, labels, rising, scaled, percent, intraday, overlayDatasets]);

  const volume = useMemo(
    () => ({
      labels,
      datasets: [
        {
          label: 'Volume',
          data: bars.map((bar) => bar.volume),
          backgroundColor: bars.map((bar) =>
            bar.close >= bar.open ? colours.volumeUp : colours.volumeDown,
          ),
          borderWidth: 0,
          barPercentage: 0.9,
          categoryPercentage: 1,
        },
      ],
    }),
    [bars, labels],
  );

  const candles = useMemo(() => {
    const drawn = candlesOf(bars);
    const colourOf = drawn.map((candle) =>
      candle.rising ? colours.rising.line : colours.falling.line,
    );
    const pair = ([low, high]: [number, number]) => [scaled(low), scaled(high)] as [number, number];
    return {
      labels,
      datasets: [
        {
          type: 'bar' as const,
          label: 'High and low',
          data: drawn.map((candle) => pair(candle.wick)),
          backgroundColor: colourOf,
          borderWidth: 0,
          barThickness: 1,
          grouped: false,
        },
        {
          type: 'bar' as const,
          label: 'Open and close',
          data: drawn.map((candle) => pair(candle.body)),
          backgroundColor: colourOf,
          borderWidth: 0,
          barPercentage: 0.7,
          categoryPercentage: 1,
          // A bar that closed where it opened still shows its body, as a line.
          minBarLength: 1,
          grouped: false,
        },
        ...overlayDatasets,
      ],
    };
  }, [bars, labels, scaled, overlayDatasets]);

  const when = (bar: DailyBar) => (intraday ? formatBarTime(bar.date) : formatTradingDay(bar.date));
  const describe = (index: number): string => {
    const bar = bars[index];
    if (!bar) return '';
    const figures =
      kind === 'candles'
        ? `open ${formatUsd(bar.open)}, high ${formatUsd(bar.high)}, low ${formatUsd(bar.low)}, close ${formatUsd(bar.close)}`
        : `close ${formatUsd(bar.close)}`;
    const change = percent ? ` (${formatPercent(scaled(bar.close) ?? 0)})` : '';
    const lines = overlays
      .map((overlay) => {
        const value = overlay.values[index];
        if (value === null || value === undefined) return null;
        const shown = percent ? formatPercent(value) : formatUsd(value);
        return `${overlay.label} ${shown}`;
      })
      .filter((line) => line !== null);
    const volumeText = bar.volume > 0 ? `, volume ${shares.format(bar.volume)}` : '';
    return `${when(bar)}: ${symbol} ${figures}${change}${lines.length > 0 ? `, ${lines.join(', ')}` : ''}${volumeText}`;
  };

  const options = useMemo(
    () => chartOptions(bars, { intraday, percent, overlays, symbol }),
    [bars, intraday, percent, overlays, symbol],
  );

  const lastIndex = bars.length - 1;
  // Without a drawing context (no canvas) the chart shows nothing: the readout still reads.
  const chartRef = useRef<ChartJS | null>(null);
  const [active, setActive] = useState<number | null>(null);
  function show(index: number | null) {
    setActive(index);
    const chart = chartRef.current;
    if (!chart?.ctx) return;
    const elements =
      index === null ? [] : chart.data.datasets.map((_, datasetIndex) => ({ datasetIndex, index }));
    chart.setActiveElements(elements);
    const area = chart.chartArea;
    chart.tooltip?.setActiveElements(elements, {
      x: area ? (area.left + area.right) / 2 : 0,
      y: area ? (area.top + area.bottom) / 2 : 0,
    });
    chart.update();
  }
  const first = bars[0];
  const last = bars[bars.length - 1];
  const period = rangeNames[range].period;
  const span =
    first && last
      ? `: ${formatUsd(first.close)} on ${when(first)} to ${formatUsd(last.close)} on ${when(last)}`
      : '';
  const unit = isIntraday(range) ? `${intradayShapes[range].intervalMinutes}-minute` : 'daily';
  const compared = compare ? `, compared with ${compare.symbol} in percent` : '';
  const drawnOver = overlays
    .filter((overlay) => overlay.label !== compare?.symbol)
    .map((overlay) => overlay.label);
  const withAverages = drawnOver.length > 0 ? `, with ${drawnOver.join(' and ')}` : '';

  return (
    <div>
      <div className="relative h-[400px] rounded-lg has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600">
        {kind === 'candles' ? (
          <Chart
            ref={chartRef as never}
            type="bar"
            data={candles as never}
            options={options.candles}
            role="img"
            aria-label={`${symbol} ${unit} candles (open, high, low and close), ${period}${span}${compared}${withAverages}`}
          />
        ) : (
          <Line
            ref={chartRef as never}
            data={price}
            options={options.price}
            role="img"
            aria-label={`${symbol} ${unit === 'daily' ? 'daily closing' : `${unit}`} prices, ${period}${span}${compared}${withAverages}`}
          />
        )}
        {bars.length > 0 && (
          <input
            type="range"
            min={0}
            max={lastIndex}
            step={1}
            value={active ?? lastIndex}
            aria-label={`${symbol} price chart, bar by bar`}
            aria-valuetext={describe(active ?? lastIndex)}
            onChange={(event) => show(Number(event.target.value))}
            onFocus={() => show(active ?? lastIndex)}
            onBlur={() => show(null)}
            className="sr-only"
          />
        )}
      </div>
      {showVolume && (
        <div className="relative mt-2 h-24">
          {hasVolume ? (
            <Bar
              data={volume}
              options={options.volume}
              role="img"
              aria-label={`${symbol} shares traded each ${intraday ? 'bar' : 'day'}, ${period}`}
            />
          ) : (
            <p className="grid h-full place-items-center text-xs text-slate-500">
              The source does not report volume for {symbol}.
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function chartOptions(
  bars: readonly DailyBar[],
  {
    intraday,
    percent,
    overlays,
    symbol,
  }: { intraday: boolean; percent: boolean; overlays: readonly Overlay[]; symbol: string },
) {
  const title = (items: { dataIndex: number }[]) => {
    const bar = bars[items[0]?.dataIndex ?? -1];
    if (!bar) return '';
    return intraday ? formatBarTime(bar.date) : formatTradingDay(bar.date);
  };
  /** An overlay's line in the tooltip: its value, and in percent its dollars too. */
  const overlayLine = (
    { value, dataIndex }: { value: number | null | undefined; dataIndex: number },
    overlayIndex: number,
  ) => {
    const overlay = overlays[overlayIndex];
    if (!overlay || value === null || value === undefined) return '';
    if (!percent) return `${overlay.label} ${formatUsd(value)}`;
    const dollarsValue = overlay.dollars?.[dataIndex];
    const inDollars =
      dollarsValue === null || dollarsValue === undefined ? '' : ` (${formatUsd(dollarsValue)})`;
    return `${overlay.label} ${formatPercent(value)}${inDollars}`;
  };
  const shared = {
    responsive: true,
    maintainAspectRatio: false,
    animation: animate ? undefined : (false as const),
    normalized: true,
    interaction: { mode: 'index' as const, intersect: false },
  };
  const valueTicks = {
    color: colours.tick,
    callback: (value: number | string, _index: number, ticks: { value: number }[]) =>
      percent ? percentTick.format(Number(value) / 100) : priceTick(Number(value), ticks),
  };
  const xAxis = {
    offset: true,
    grid: { display: false },
    ticks: { maxTicksLimit: 8, maxRotation: 0, color: colours.tick },
  };
  const price: ChartOptions<'line'> = {
    ...shared,
    plugins: {
      legend: { display: false },
      tooltip: {
        displayColors: overlays.length > 0,
        callbacks: {
          title,
          label: (item) => {
            if (item.datasetIndex > 0) {
              return overlayLine(
                { value: item.parsed.y, dataIndex: item.dataIndex },
                item.datasetIndex - 1,
              );
            }
            const bar = bars[item.dataIndex];
            const value = item.parsed.y ?? 0;
            if (!percent)
              return overlays.length > 0 ? `${symbol} ${formatUsd(value)}` : formatUsd(value);
            return `${symbol} ${formatPercent(value)}${bar ? ` (${formatUsd(bar.close)})` : ''}`;
          },
        },
      },
    },
    scales: {
      x: xAxis,
      y: { afterFit: fixAxisWidth, grid: { color: colours.grid }, ticks: valueTicks },
    },
  };
  const volume: ChartOptions<'bar'> = {
    ...shared,
    plugins: {
      legend: { display: false },
      tooltip: {
        displayColors: false,
        callbacks: {
          title,
          label: (item) => `Volume ${shares.format(item.parsed.y ?? 0)}`,
        },
      },
    },
    scales: {
      x: { offset: true, display: false },
      y: {
        afterFit: fixAxisWidth,
        beginAtZero: true,
        grid: { color: colours.grid },
        ticks: {
          color: colours.tick,
          maxTicksLimit: 3,
          callback: (value) => volumeTick.format(Number(value)),
        },
      },
    },
  };
  const candles: ChartOptions<'bar'> = {
    ...shared,
    plugins: {
      legend: { display: false },
      tooltip: {
        displayColors: false,
        // One set of lines per bar: the body's item tells the whole bar; the wick's says nothing.
        filter: (item) => item.datasetIndex !== 0,
        callbacks: {
          title,
          label: (item) => {
            if (item.datasetIndex > 1) {
              return overlayLine(
                { value: item.parsed.y, dataIndex: item.dataIndex },
                item.datasetIndex - 2,
              );
            }
            const bar = bars[item.dataIndex];
            if (!bar) return '';
            const lines = [
              `Open ${formatUsd(bar.open)}`,
              `High ${formatUsd(bar.high)}`,
              `Low ${formatUsd(bar.low)}`,
              `Close ${formatUsd(bar.close)}`,
              `Volume ${shares.format(bar.volume)}`,
            ];
            const first = bars[0]?.close;
            if (percent && first) {
              lines.push(`${symbol} ${formatPercent(((bar.close - first) / first) * 100)}`);
            }
            return lines;
          },
        },
      },
    },
    scales: {
      x: xAxis,
      y: {
        afterFit: fixAxisWidth,
        beginAtZero: false,
        grid: { color: colours.grid },
        ticks: valueTicks,
      },
    },
  };
  return { price, volume, candles };
}
