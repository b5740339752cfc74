import type { Allocation, AllocationSlice } from '@tickerwise/shared';
import { lazy, Suspense } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { formatMoney, formatWeight } from '../../../lib/money-format.ts';
import { sliceColour } from './slice-colours.ts';

const AllocationChart = lazy(() => import('./allocation-chart.tsx'));

const views = [
  { value: 'byHolding', label: 'Holding' },
  { value: 'bySector', label: 'Sector' },
  { value: 'byType', label: 'Type' },
] as const;

/** How the value is spread, by holding, sector or type: a ring and its legend with weights. */
export function AllocationPanel({ allocation }: { allocation: Allocation }) {
  return (
    <Card as="section" aria-labelledby="allocation-heading">
      <h2 id="allocation-heading" className="text-base font-semibold text-ink-950">
        Allocation
      </h2>
      <Tabs defaultValue="byHolding" className="mt-2">
        <TabsList label="Allocation by">
          {views.map((view) => (
            <TabsTrigger key={view.value} value={view.value}>
              {view.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {views.map((view) => (
          <TabsContent key={view.value} value={view.value}>
            <AllocationView slices={allocation[view.value]} by={view.label.toLowerCase()} />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}

function AllocationView({ slices, by }: { slices: readonly AllocationSlice[]; by: string }) {
  return (
    <div className="space-y-4">
      <Suspense fallback={<Skeleton className="mx-auto size-44 rounded-full" />}>
        <AllocationChart slices={slices} label={`Allocation by ${by}`} />
      </Suspense>
      <ul className="space-y-1.5 text-sm">
        {slices.map((slice, index) => (
          <li key={slice.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: sliceColour(slice.key, index) }}
            />
            <span className="min-w-0 flex-1 truncate text-slate-700">{slice.label}</span>
            <span className="text-slate-500 tabular-nums">{formatMoney(slice.value)}</span>
            <span className="w-16 text-right font-medium text-ink-950 tabular-nums">
              {formatWeight(slice.weight)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
