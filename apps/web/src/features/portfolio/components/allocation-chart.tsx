import type { AllocationSlice } from '@tickerwise/shared';
import { ArcElement, Chart as ChartJS, type ChartOptions, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { formatMoney, formatWeight } from '../../../lib/money-format.ts';
import { sliceColour } from './slice-colours.ts';

ChartJS.register(ArcElement, Tooltip);

// Automated browsers (screenshots, e2e) get a chart drawn at once, not animated.
const animate = typeof navigator === 'undefined' || !navigator.webdriver;

/** A ring of the slices, each in the colour its legend row shows. */
function AllocationChart({ slices, label }: { slices: readonly AllocationSlice[]; label: string }) {
  const data = useMemo(
    () => ({
      labels: slices.map((slice) => slice.label),
      datasets: [
        {
          data: slices.map((slice) => Number(slice.value)),
          backgroundColor: slices.map((slice, index) => sliceColour(slice.key, index)),
          borderColor: '#ffffff',
          borderWidth: 2,
        },
      ],
    }),
    [slices],
  );
  const options = useMemo<ChartOptions<'doughnut'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      cutout: '62%',
      animation: animate ? undefined : false,
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item) => {
              const slice = slices[item.dataIndex];
              return slice ? ` ${formatMoney(slice.value)} (${formatWeight(slice.weight)})` : '';
            },
          },
        },
      },
    }),
    [slices],
  );
  return (
    <div className="relative mx-auto size-44">
      <Doughnut data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}

export default AllocationChart;
