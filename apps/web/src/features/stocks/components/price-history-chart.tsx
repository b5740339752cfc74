import { formatUsd, type PricePoint } from '@tickerwise/shared';
import {
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';

// Only what a filled line chart with a tooltip needs; this module is in the detail chunk only.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

const colours = {
  rising: { line: '#059669', fill: 'rgba(16, 185, 129, 0.12)' },
  falling: { line: '#dc2626', fill: 'rgba(220, 38, 38, 0.10)' },
};

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

// Automated browsers (screenshots, e2e) get a chart that is drawn at once, not animated.
const animate = typeof navigator === 'undefined' || !navigator.webdriver;

const options: ChartOptions<'line'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: animate ? undefined : false,
  interaction: { mode: 'index', intersect: false },
  plugins: {
    legend: { display: false },
    tooltip: {
      displayColors: false,
      callbacks: { label: (item) => formatUsd(item.parsed.y ?? 0) },
    },
  },
  scales: {
    x: { grid: { display: false }, ticks: { maxTicksLimit: 8, maxRotation: 0, color: '#64748b' } },
    y: {
      grid: { color: '#f1f5f9' },
      ticks: { color: '#64748b', callback: (value) => `$${value}` },
    },
  },
};

interface PriceHistoryChartProps {
  symbol: string;
  points: PricePoint[];
  /** Green for a change of 0 or more, red otherwise (docs/PRODUCT.md §3.13). */
  rising: boolean;
}

/** docs/PRODUCT.md §3.13: a 400 px filled line chart, tension 0.4, at most 8 x ticks. */
export function PriceHistoryChart({ symbol, points, rising }: PriceHistoryChartProps) {
  const data = useMemo(() => {
    const colour = rising ? colours.rising : colours.falling;
    return {
      labels: points.map((point) => dayLabel.format(new Date(`${point.date}T00:00:00Z`))),
      datasets: [
        {
          label: symbol,
          data: points.map((point) => point.price),
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
  }, [symbol, points, rising]);

  return (
    <div className="relative h-[400px]">
      <Line
        data={data}
        options={options}
        role="img"
        aria-label={`${symbol} closing prices over the last 30 days`}
      />
    </div>
  );
}
