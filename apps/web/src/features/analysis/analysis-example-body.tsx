import type { AnalysisExample } from '@tickerwise/shared';
import { Badge } from '../../components/ui/badge.tsx';
import { AnalysisSourceNote } from './components/analysis-source-note.tsx';
import { Checklist } from './components/checklist.tsx';
import { RatingGauges } from './components/rating-gauge.tsx';

/** The example's content, drawn once it has arrived: its own chunk (ADR 77). */
export function AnalysisExampleBody({ example }: { example: AnalysisExample }) {
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
