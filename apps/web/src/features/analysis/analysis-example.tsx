import type { AnalysisExample } from '@tickerwise/shared';
import { lazy, useEffect } from 'react';
import { LiveExampleBox } from '../../components/live-example-box.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/** The content's code (and the components it draws with) loads beside the example's data. */
const loadBody = () => import('./analysis-example-body.tsx');
const ExampleBody = lazy(async () => ({ default: (await loadBody()).AnalysisExampleBody }));

/**
 * The live example of `/features/analysis` (docs/PRODUCT.md §3.29): one stock's technical
 * rating and fundamentals checklist as the Free plan sees them today, drawn by the stock
 * page's own components. Its box keeps its height from the first paint to the answer, so the
 * page does not move when it arrives.
 */
export function AnalysisExamplePanel() {
  useEffect(() => {
    void loadBody();
  }, []);
  return (
    <LiveExampleBox<AnalysisExample>
      path="/api/analysis/example"
      heights="min-h-[132rem] sm:min-h-[84rem] lg:min-h-[72rem]"
      skeleton={
        <>
          <Skeleton className="h-6 w-2/3" />
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
          <Skeleton className="h-96" />
        </>
      }
    >
      {(example) => <ExampleBody example={example} />}
    </LiveExampleBox>
  );
}
