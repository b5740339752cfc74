import type { PortfolioExample } from '@tickerwise/shared';
import { lazy, useEffect } from 'react';
import { LiveExampleBox } from '../../components/live-example-box.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

/** The content's code (and the components it draws with) loads beside the example's data. */
const loadBody = () => import('./portfolio-example-body.tsx');
const ExampleBody = lazy(async () => ({ default: (await loadBody()).PortfolioExampleBody }));

/**
 * The worked example of `/features/portfolio` (docs/PRODUCT.md §3.29): five transactions and
 * the holdings, gains and cash the portfolio's own code makes of them at today's prices (as
 * the Free plan sees them). Its box keeps its height from the first paint to the answer.
 */
export function PortfolioExamplePanel() {
  useEffect(() => {
    void loadBody();
  }, []);
  return (
    <LiveExampleBox<PortfolioExample>
      path="/api/portfolios/example"
      heights="min-h-[54rem] sm:min-h-[38rem] lg:min-h-[24rem]"
      skeleton={
        <>
          <Skeleton className="h-40" />
          <Skeleton className="h-24" />
        </>
      }
    >
      {(example) => <ExampleBody example={example} />}
    </LiveExampleBox>
  );
}
