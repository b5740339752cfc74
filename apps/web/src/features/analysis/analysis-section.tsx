import type { AnalysisResponse } from '@tickerwise/shared';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSecurityPage } from '../../lib/security-page-slot.ts';
import { useAnalysis } from './api/get-analysis.ts';
import { AnalysisSourceNote } from './components/analysis-source-note.tsx';
import { AskBox } from './components/ask-box.tsx';
import { Checklist } from './components/checklist.tsx';
import { KeyFiguresPanel } from './components/key-figures.tsx';
import { RatingGauges } from './components/rating-gauge.tsx';
import { VotesTable } from './components/votes-table.tsx';
import { WrittenAnalysisPanel } from './components/written-analysis.tsx';

/**
 * docs/PRODUCT.md §3.23: the analysis section of a security's page (a child route of the
 * page's route): the technical rating with its votes, key figures, the fundamentals
 * checklist, the written analysis and "Ask about this stock". Its title says "AI Analysis"
 * only when a language model writes; otherwise the text is an automated summary.
 */
export function AnalysisSection() {
  const { symbol } = useSecurityPage();
  const query = useAnalysis(symbol);

  return (
    <Card as="section" aria-labelledby="ai-analysis-heading" className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="ai-analysis-heading"
          className="flex items-center gap-2 text-base font-semibold text-ink-950"
        >
          <Sparkles aria-hidden="true" className="size-5 text-brand-700" />
          {query.data?.ask.writer === 'model' ? 'AI Analysis' : 'Analysis'}
        </h2>
        <p className="text-xs font-semibold text-slate-600">Not investment advice</p>
      </header>
      {query.data ? (
        <AnalysisBody analysis={query.data} />
      ) : query.isError ? (
        <ErrorState
          title="The analysis could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </ErrorState>
      ) : (
        <div role="status" aria-label="Loading the analysis" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
          <Skeleton className="h-48" />
        </div>
      )}
    </Card>
  );
}

function AnalysisBody({ analysis }: { analysis: AnalysisResponse }) {
  const { rating } = analysis;
  const fund = analysis.type === 'etf';
  const checks = fund
    ? analysis.checks.filter((check) => check.status !== 'not_available')
    : analysis.checks;
  return (
    <>
      <Part title="Technical rating">
        <RatingGauges rating={rating} />
        <p className="mt-3 text-xs text-slate-500">
          26 indicators vote buy, neutral or sell on the close of {rating.close.toFixed(2)}; each
          group's rating is the mean of its votes and the overall rating is the mean of the two.
        </p>
        <div className="mt-2 border-t border-slate-100 pt-2">
          <VotesTable votes={rating.votes} />
        </div>
      </Part>
      <Part title="Key figures">
        <KeyFiguresPanel figures={analysis.figures} />
      </Part>
      <Part title="Fundamentals checklist">
        {fund && (
          <p className="mb-3 text-sm text-slate-600">
            A fund has no company earnings, growth or balance sheet to check
            {checks.length > 0 ? '; only the checks its data supports are shown.' : '.'}
          </p>
        )}
        {checks.length > 0 && <Checklist checks={checks} />}
        {!fund && analysis.company === null && (
          <p className="mt-3 text-sm text-slate-500">
            No company data is stored for {analysis.symbol} yet, so the checks are not available.
          </p>
        )}
      </Part>
      <Part title={analysis.ask.writer === 'model' ? 'Written analysis' : 'Automated summary'}>
        <WrittenAnalysisPanel analysis={analysis} />
      </Part>
      <Part title={fund ? 'Ask about this fund' : 'Ask about this stock'}>
        <AskBox analysis={analysis} />
      </Part>
      <div className="space-y-1 border-t border-slate-100 pt-3">
        <AnalysisSourceNote
          subject="Rating and figures"
          source={analysis.priceSource}
          asOf={analysis.dataDate}
          dateWord="through"
          stale={analysis.stale}
          delayMinutes={analysis.delayMinutes}
        />
        {analysis.company && (
          <AnalysisSourceNote
            subject="Checklist"
            source={analysis.company.source}
            asOf={analysis.company.asOf}
            dateWord="as of"
            stale={false}
          />
        )}
        <p className="text-xs text-slate-500">
          {analysis.disclaimer} The rating follows open rules and the figures come from the prices
          shown; they describe the past and do not predict the future.
        </p>
      </div>
    </>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <h3 className="mb-3 text-sm font-semibold text-ink-950">{title}</h3>
      {children}
    </section>
  );
}
