import { type DailyBar, formatUsd, type HistoryRange } from '@tickerwise/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import { axisLabel, type ChartKind, candlesOf, rangeNames } from '../chart-range.ts';
import { formatTradingDay } from '../data-source.ts';

// Only what a filled line, volume bars and a tooltip need; this module is in the detail chunk only.
ChartJS.register(
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  Filler,
  Tooltip,
);

const colours = {
  rising: { line: '#059669', fill: 'rgba(16, 185, 129, 0.12)' },
  falling: { line: '#dc2626', fill: 'rgba(220, 38, 38, 0.10)' },
  volumeUp: 'rgba(16, 185, 129, 0.45)',
  volumeDown: 'rgba(220, 38, 38, 0.40)',
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

interface PriceVolumeChartProps {
  symbol: string;
  bars: readonly DailyBar[];
  range: HistoryRange;
  /** Green when the range ended at or above where it began, red otherwise. */
  rising: boolean;
  /** A line of the closes (the default) or a candle per day. */
  kind?: ChartKind;
}

/**
 * docs/PRODUCT.md §3.13: the closing prices as a 400 px filled line (tension 0.4, at most 8
 * x-axis labels, the price in dollars in the tooltip), or a candle per day (a thin wick from
 * low to high, a body from open to close, green when it closed at or above its open; open,
 * high, low, close and volume in the tooltip), with the day's volume in bars beneath.
 */
export function PriceVolumeChart({
  symbol,
  bars,
  range,
  rising,
  kind = 'line',
}: PriceVolumeChartProps) {
  const labels = useMemo(
    () => bars.map((bar) => axisLabel(bar.date, range, bars.length)),
    [bars, range],
  );
  const hasVolume = bars.some((bar) => bar.volume > 0);

  const price = useMemo(() => {
    const colour = rising ? colours.rising : colours.falling;
    return {
      labels,
      datasets: [
        {
          label: symbol,
          data: bars.map((bar) => bar.close),
          borderColor: colour.line,
          backgroundColor: colour.fill,
          borderWidth: 2,
          fill: true,
          tension: 0.4,
          pointRadius: 0,
          pointHoverRadius: 4,
          pointHoverBackgroundColor: colour.line,
        },
      ],
    };
  }, [symbol, bars, labels, rising]);

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
    return {
      labels,
      datasets: [
        {
          label: 'High and low',
          data: drawn.map((candle) => candle.wick),
          backgroundColor: colourOf,
          borderWidth: 0,
          barThickness: 1,
          grouped: false,
        },
        {
          label: 'Open and close',
          data: drawn.map((candle) => candle.body),
          backgroundColor: colourOf,
          borderWidth: 0,
          barPercentage: 0.7,
          categoryPercentage: 1,
          // A day that closed where it opened still shows its body, as a line.
          minBarLength: 1,
          grouped: false,
        },
      ],
    };
  }, [bars, labels]);

  const options = useMemo(() => chartOptions(bars), [bars]);
  const first = bars[0];
  const last = bars[bars.length - 1];
  const period = rangeNames[range].period;
  const span =
    first && last
      ? `: ${formatUsd(first.close)} on ${formatTradingDay(first.date)} to ${formatUsd(last.close)} on ${formatTradingDay(last.date)}`
      : '';

  return (
    <div>
      <div className="relative h-[400px]">
        {kind === 'candles' ? (
          <Bar
            data={candles}
            options={options.candles}
            role="img"
            aria-label={`${symbol} daily candles (open, high, low and close), ${period}${span}`}
          />
        ) : (
          <Line
            data={price}
            options={options.price}
            role="img"
            aria-label={`${symbol} daily closing prices, ${period}${span}`}
          />
        )}
      </div>
      <div className="relative mt-2 h-24">
        {hasVolume ? (
          <Bar
            data={volume}
            options={options.volume}
            role="img"
            aria-label={`${symbol} shares traded each day, ${period}`}
          />
        ) : (
          <p className="grid h-full place-items-center text-xs text-slate-500">
            The source does not report volume for {symbol}.
          </p>
        )}
      </div>
    </div>
  );
}

function chartOptions(bars: readonly DailyBar[]) {
  const title = (items: { dataIndex: number }[]) => {
    const bar = bars[items[0]?.dataIndex ?? -1];
    return bar ? formatTradingDay(bar.date) : '';
  };
  const shared = {
    responsive: true,
    maintainAspectRatio: false,
    animation: animate ? undefined : (false as const),
    normalized: true,
    interaction: { mode: 'index' as const, intersect: false },
  };
  const price: ChartOptions<'line'> = {
    ...shared,
    plugins: {
      legend: { display: false },
      tooltip: {
        displayColors: false,
        callbacks: { title, label: (item) => formatUsd(item.parsed.y ?? 0) },
      },
    },
    scales: {
      x: {
        offset: true,
        grid: { display: false },
        ticks: { maxTicksLimit: 8, maxRotation: 0, color: colours.tick },
      },
      y: {
        afterFit: fixAxisWidth,
        grid: { color: colours.grid },
        ticks: {
          color: colours.tick,
          callback: (value, _index, ticks) => priceTick(Number(value), ticks),
        },
      },
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
        // One set of lines per day: the body's item tells the whole bar.
        filter: (item) => item.datasetIndex === 1,
        callbacks: {
          title,
          label: (item) => {
            const bar = bars[item.dataIndex];
            if (!bar) return '';
            return [
              `Open ${formatUsd(bar.open)}`,
              `High ${formatUsd(bar.high)}`,
              `Low ${formatUsd(bar.low)}`,
              `Close ${formatUsd(bar.close)}`,
              `Volume ${shares.format(bar.volume)}`,
            ];
          },
        },
      },
    },
    scales: {
      x: {
        offset: true,
        grid: { display: false },
        ticks: { maxTicksLimit: 8, maxRotation: 0, color: colours.tick },
      },
      y: {
        afterFit: fixAxisWidth,
        beginAtZero: false,
        grid: { color: colours.grid },
        ticks: {
          color: colours.tick,
          callback: (value, _index, ticks) => priceTick(Number(value), ticks),
        },
      },
    },
  };
  return { price, volume, candles };
}
