import type { AnalysisExample } from '@tickerwise/shared';
import { LiveExampleBox } from '../../components/live-example-box.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { AnalysisSourceNote } from './components/analysis-source-note.tsx';
import { Checklist } from './components/checklist.tsx';
import { RatingGauges } from './components/rating-gauge.tsx';

/**
 * The live example of `/features/analysis` (docs/PRODUCT.md §3.29): one stock's technical
 * rating and fundamentals checklist as the Free plan sees them today, drawn by the stock
 * page's own components. Its box keeps its height from the first paint to the answer, so the
 * page does not move when it arrives.
 */
export function AnalysisExamplePanel() {
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

function ExampleBody({ example }: { example: AnalysisExample }) {
  const { rating } = example;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 className="text-lg font-semibold text-ink-950">
          {example.name} ({example.symbol})
        </h3>
        {example.priceSource === 'simulated' && (
          <Badge tone="warning">Simulated data, not real prices</Badge>
        )}
        {example.stale && <Badge tone="warning">Not up to date</Badge>}
      </header>
      <section aria-label="Technical rating">
        <h4 className="mb-3 text-sm font-semibold text-ink-950">Technical rating</h4>
        <RatingGauges rating={rating} />
        <p className="mt-3 text-xs text-slate-600">
          26 indicators vote buy, neutral or sell on the close of {rating.close.toFixed(2)}. The
          rating sums up what past prices did; it is not a recommendation to buy or sell.
        </p>
      </section>
      <section aria-label="Fundamentals checklist">
        <h4 className="mb-3 text-sm font-semibold text-ink-950">Fundamentals checklist</h4>
        <Checklist checks={example.checks} />
      </section>
      <div className="space-y-1 border-t border-slate-100 pt-3">
        <AnalysisSourceNote
          subject="Rating"
          source={example.priceSource}
          asOf={example.dataDate}
          dateWord="through"
          stale={example.stale}
        />
        {example.company && (
          <AnalysisSourceNote
            subject="Checklist"
            source={example.company.source}
            asOf={example.company.asOf}
            dateWord="as of"
            stale={false}
          />
        )}
        <p className="text-xs text-slate-600">
          As the Free plan sees it
          {example.delayMinutes > 0 &&
            `: a day's close ${example.delayMinutes} minutes after the market closes`}
          . {example.disclaimer}
        </p>
      </div>
    </div>
  );
}
