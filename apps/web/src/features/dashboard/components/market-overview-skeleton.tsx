import type { Ref } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/**
 * The market overview (`components/market-overview.tsx`) as it looks while it loads, until
 * the home draws it (`DeferredSection`): its heading and its loading line, in its place.
 */
export function MarketOverviewSkeleton({ ref }: { ref?: Ref<HTMLDivElement> }) {
  return (
    <Card ref={ref} className="space-y-4">
      <h2 className="text-base font-semibold text-ink-950">Market overview</h2>
      <p className="text-sm text-slate-400">Loading…</p>
    </Card>
  );
}
