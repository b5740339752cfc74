import type { PerformancePoint } from '@tickerwise/shared';
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
import { formatRatioChange } from '../lib/money-format.ts';

// Only what two lines with a tooltip need; this module loads with the screens that chart.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

// Automated browsers (screenshots, e2e) get a chart drawn at once, not animated.
const animate = typeof navigator === 'undefined' || !navigator.webdriver;

export const portfolioColour = '#059669';
export const benchmarkColour = '#64748b';

export interface PerformanceChartProps {
  points: readonly PerformancePoint[];
  benchmarkSymbol: string;
  /** Tailwind height class of the chart area. */
  heightClass?: string;
  /** What the chart shows, for screen readers. */
  label: string;
}

/**
 * The portfolio's time-weighted return since the range began against the benchmark's (a
 * dashed grey line), the tooltip adding the portfolio's value that day.
 */
function PerformanceChart({
  points,
  benchmarkSymbol,
  heightClass = 'h-72',
  label,
}: PerformanceChartProps) {
  const spansYears = useMemo(() => {
    const first = points[0]?.date;
    const last = points.at(-1)?.date;
    return Boolean(first && last && Date.parse(last) - Date.parse(first) > 400 * 86_400_000);
  }, [points]);

  const data = useMemo(
    () => ({
      labels: points.map((point) =>
        (spansYears ? longDayLabel : dayLabel).format(new Date(`${point.date}T00:00:00Z`)),
      ),
      datasets: [
        {
          label: 'Your portfolio',
          data: points.map((point) => point.return * 100),
          borderColor: portfolioColour,
          backgroundColor: 'rgba(16, 185, 129, 0.10)',
          borderWidth: 2,
          fill: 'origin' as const,
          tension: 0.25,
          pointRadius: 0,
          pointHoverRadius: 4,
        },
        {
          label: benchmarkSymbol,
          data: points.map((point) => (point.benchmark === null ? null : point.benchmark * 100)),
          borderColor: benchmarkColour,
          borderDash: [6, 4],
          borderWidth: 1.5,
          fill: false,
          tension: 0.25,
          pointRadius: 0,
          pointHoverRadius: 3,
          spanGaps: true,
        },
      ],
    }),
    [points, benchmarkSymbol, spansYears],
  );

  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: animate ? undefined : false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items) => {
              const point = points[items[0]?.dataIndex ?? 0];
              return point ? new Date(`${point.date}T00:00:00Z`).toDateString().slice(4) : '';
            },
            label: (item) => {
              const change = formatRatioChange((item.parsed.y ?? 0) / 100);
              if (item.datasetIndex !== 0) return ` ${benchmarkSymbol} ${change}`;
              const value = points[item.dataIndex]?.value;
              return ` Portfolio ${change}${value === undefined ? '' : ` (${usd.format(value)})`}`;
            },
          },
        },
      },
      scales: {
        x: {
          grid: { display: false },
          ticks: { maxTicksLimit: 6, maxRotation: 0, color: '#64748b' },
        },
        y: {
          grid: { color: '#f1f5f9' },
          ticks: { color: '#64748b', callback: (value) => `${Number(value).toFixed(1)}%` },
        },
      },
    }),
    [points, benchmarkSymbol],
  );

  return (
    <div className={`relative ${heightClass}`}>
      <Line data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}

export default PerformanceChart;
