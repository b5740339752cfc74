import { lazy, Suspense } from 'react';
import type { PerformanceChartProps } from './performance-chart.tsx';
import { Skeleton } from './ui/skeleton.tsx';

// Chart.js loads with the first screen that draws a performance chart, never before.
const Chart = lazy(() => import('./performance-chart.tsx'));

/** The performance chart, its code fetched on first use; a grey block stands in meanwhile. */
export function LazyPerformanceChart(props: PerformanceChartProps) {
  const heightClass = props.heightClass ?? 'h-72';
  return (
    <Suspense fallback={<Skeleton className={`${heightClass} w-full`} />}>
      <Chart {...props} />
    </Suspense>
  );
}

/** The legend under the chart: the portfolio's line and the benchmark's dashed one. */
export function PerformanceLegend({
  benchmarkSymbol,
  portfolioReturn,
  benchmarkReturn,
}: {
  benchmarkSymbol: string;
  portfolioReturn: string | null;
  benchmarkReturn: string | null;
}) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="h-0.5 w-5 rounded bg-brand-600" />
        Your portfolio
        {portfolioReturn && <span className="font-semibold text-ink-950">{portfolioReturn}</span>}
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="w-5 border-t-2 border-dashed border-slate-500" />
        {benchmarkSymbol}
        {benchmarkReturn && <span className="font-semibold text-ink-950">{benchmarkReturn}</span>}
      </li>
    </ul>
  );
}
