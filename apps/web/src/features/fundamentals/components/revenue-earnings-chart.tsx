import type { StatementPeriod } from '@tickerwise/shared';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';

ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

// Automated browsers (screenshots, e2e) get a chart drawn at once, not animated.
const animate = typeof navigator === 'undefined' || !navigator.webdriver;

const billions = (value: number) => `$${(value / 1e9).toFixed(Math.abs(value) < 10e9 ? 2 : 1)}B`;

/**
 * Revenue and net income of each period, oldest to newest, as bars side by side. The table
 * beside it holds the same figures for readers who do not see the chart.
 */
function RevenueEarningsChart({ periods, label }: { periods: StatementPeriod[]; label: string }) {
  const ordered = useMemo(() => [...periods].reverse(), [periods]);
  const data = useMemo(
    () => ({
      labels: ordered.map((period) => period.label),
      datasets: [
        {
          label: 'Revenue',
          data: ordered.map((period) => period.income.revenue),
          backgroundColor: '#1e3a8a',
          borderRadius: 4,
        },
        {
          label: 'Net income',
          data: ordered.map((period) => period.income.netIncome),
          backgroundColor: '#10b981',
          borderRadius: 4,
        },
      ],
    }),
    [ordered],
  );
  const options = useMemo<ChartOptions<'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: animate ? undefined : false,
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) =>
              ` ${item.dataset.label}: ${item.raw === null ? '—' : billions(Number(item.raw))}`,
          },
        },
      },
      scales: {
        x: { grid: { display: false } },
        y: { ticks: { callback: (value) => billions(Number(value)) } },
      },
    }),
    [],
  );
  return (
    <div className="relative h-56 w-full">
      <Bar data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}

export default RevenueEarningsChart;
