import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { FilingSummary, WhyItMoved, WrittenSummary } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { CitedText, creditText, SummaryUpgrade, WriteError } from './summary-parts.tsx';

/** What every summary's answer carries, whatever it summarises. */
type SummaryAnswer = Pick<
  WhyItMoved | FilingSummary,
  'status' | 'message' | 'summary' | 'credits' | 'disclaimer'
>;

/** A source a summary's sentences cite, numbered from 1 in the list under it. */
interface CitedSource {
  key: string;
  title: string;
  /** Where it can be read (a headline's article), when it has an address. */
  href?: string;
  /** Said after the title: the publisher, or that only the section's beginning was read. */
  detail?: string;
}

/** What one kind of summary says in its own words; every other text is shared. */
export interface SummaryTexts<A> {
  /** Its name, as in "{what} comes with Pro". */
  what: string;
  /** What it is, told to a reader whose plan lacks it. */
  pitch: string;
  loadingLabel: string;
  loadFailed: string;
  /** Said while the model writes it. */
  writing: (answer: A) => string;
  /** What a summary would be, before "It uses 1 AI credit …; reading it again is free." */
  offer: (answer: A) => string;
  /** The button that has it written. */
  action: string;
  /** What a source is called when a citation has none: "headline", "section". */
  sourceNoun: string;
}

/**
 * docs/PRODUCT.md §3.13, "Both": every state a summary a language model writes of a stock's
 * research can be in (loading, failed to load, a plan without it, not written yet and its
 * price in credits, being written, out of credits, no model, nothing to summarise, refused, the
 * model unreachable with "Try again", written with its numbered citations), the same for
 * "Why it moved" and a filing's summary.
 */
export function ResearchSummary<A extends SummaryAnswer>({
  query,
  write,
  texts,
  lead,
  written,
  className,
}: {
  query: UseQueryResult<A>;
  write: UseMutationResult<A, Error, void>;
  texts: SummaryTexts<A>;
  /** Shown above the summary once the answer is in (the day's move). */
  lead?: (answer: A) => ReactNode;
  /** What a written summary cites, and the note under it: from what, by which model, when. */
  written: (answer: A, summary: WrittenSummary) => { sources: CitedSource[]; note: ReactNode };
  className?: string;
}) {
  const frame = className ? `space-y-2 ${className}` : 'space-y-2';
  if (query.isPending) {
    return (
      <div role="status" aria-label={texts.loadingLabel} className={frame}>
        <Skeleton className="h-4" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={frame}>
        {query.error instanceof ApiRequestError && query.error.status === 402 ? (
          <SummaryUpgrade what={texts.what} message={texts.pitch} />
        ) : (
          <ErrorState
            title={texts.loadFailed}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          >
            {query.error.message}
          </ErrorState>
        )}
      </div>
    );
  }
  const answer = query.data;
  return (
    <div className={frame}>
      {lead?.(answer)}
      <SummaryState answer={answer} write={write} texts={texts} written={written} />
    </div>
  );
}

function SummaryState<A extends SummaryAnswer>({
  answer,
  write,
  texts,
  written,
}: {
  answer: A;
  write: UseMutationResult<A, Error, void>;
  texts: SummaryTexts<A>;
  written: (answer: A, summary: WrittenSummary) => { sources: CitedSource[]; note: ReactNode };
}) {
  if (write.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500">
        {texts.writing(answer)}
      </p>
    );
  }
  if (write.error) {
    return (
      <WriteError
        error={write.error}
        what={texts.what}
        resetsAt={answer.credits?.resetsAt}
        onRetry={() => write.mutate()}
      />
    );
  }
  switch (answer.status) {
    case 'ready': {
      if (!answer.summary) return null;
      const { sources, note } = written(answer, answer.summary);
      return (
        <Written
          summary={answer.summary}
          sources={sources}
          sourceNoun={texts.sourceNoun}
          note={note}
          disclaimer={answer.disclaimer}
        />
      );
    }
    case 'not_written':
      return (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <p className="min-w-0 flex-1 text-sm text-slate-600">
            {texts.offer(answer)} It uses {creditText(answer.credits)}; reading it again is free.
          </p>
          <Button size="sm" className="shrink-0" onClick={() => write.mutate()}>
            {texts.action}
          </Button>
        </div>
      );
    case 'unavailable':
      return (
        <Alert
          tone="warning"
          action={
            <Button size="sm" variant="secondary" onClick={() => write.mutate()}>
              Try again
            </Button>
          }
        >
          {answer.message}
        </Alert>
      );
    case 'refused':
      return <Alert tone="warning">{answer.message}</Alert>;
    default:
      // no_model, no_sources: said plainly, nothing to do and nothing charged.
      return <p className="text-sm text-slate-500">{answer.message}</p>;
  }
}

/** The summary, its sources numbered as its sentences cite them, and who wrote it when. */
function Written({
  summary,
  sources,
  sourceNoun,
  note,
  disclaimer,
}: {
  summary: WrittenSummary;
  sources: CitedSource[];
  sourceNoun: string;
  note: ReactNode;
  disclaimer: string;
}) {
  return (
    <div>
      <CitedText
        sentences={summary.sentences}
        hrefOf={(cite) => sources[cite - 1]?.href}
        sourceName={(cite) => sources[cite - 1]?.title ?? `${sourceNoun} ${cite}`}
      />
      <ol className="mt-2 space-y-0.5 text-xs text-slate-500">
        {sources.map((source, index) => (
          <li key={source.key}>
            [{index + 1}]{' '}
            {source.href ? (
              <a
                href={source.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="hover:text-brand-700 hover:underline"
              >
                {source.title}
              </a>
            ) : (
              source.title
            )}
            {source.detail && ` ${source.detail}`}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        {note} · {disclaimer}
      </p>
    </div>
  );
}
