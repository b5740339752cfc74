import { type FilingSummary as FilingSummaryAnswer, filingFormText } from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDay, formatMoment } from '../../../lib/price-sources.ts';
import { useFilingSummary, useWriteFilingSummary } from '../api/summaries.ts';
import { CitedText, creditText, SummaryUpgrade, WriteError } from './summary-parts.tsx';

const what = 'Filing summaries';

/**
 * docs/PRODUCT.md §3.13: a language model's summary of a 10-K, 10-Q or 8-K from its text
 * sections on EDGAR, each sentence citing the sections it rests on and every figure checked
 * against them. Shown when a reader opens it under the filing; written only on request.
 */
export function FilingSummary({ symbol, accession }: { symbol: string; accession: string }) {
  const query = useFilingSummary(symbol, accession);
  const write = useWriteFilingSummary(symbol, accession);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the filing summary" className="space-y-2">
        <Skeleton className="h-4" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 402) {
      return (
        <SummaryUpgrade
          what={what}
          message="A language model summarises a filing’s own text, every figure checked against it."
        />
      );
    }
    return (
      <ErrorState
        title="The filing summary could not be loaded."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </ErrorState>
    );
  }
  const answer = query.data;
  if (write.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500">
        Reading the {answer.form} on SEC EDGAR and summarising it…
      </p>
    );
  }
  if (write.error) {
    return (
      <WriteError
        error={write.error}
        what={what}
        resetsAt={answer.credits?.resetsAt}
        onRetry={() => write.mutate()}
      />
    );
  }
  switch (answer.status) {
    case 'ready':
      return <Written answer={answer} />;
    case 'not_written':
      return (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <p className="min-w-0 flex-1 text-sm text-slate-600">
            A language model can summarise this {filingFormText[answer.form].toLowerCase()} from its
            text (management’s discussion, risk factors, the items reported), every figure checked
            against it. It uses {creditText(answer.credits)}; reading it again is free.
          </p>
          <Button size="sm" className="shrink-0" onClick={() => write.mutate()}>
            Summarise the filing
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
      return <p className="text-sm text-slate-500">{answer.message}</p>;
  }
}

function Written({ answer }: { answer: FilingSummaryAnswer }) {
  const { summary, sources } = answer;
  if (!summary) return null;
  return (
    <div>
      <CitedText
        sentences={summary.sentences}
        sourceName={(cite) => sources[cite - 1]?.title ?? `section ${cite}`}
      />
      <ol className="mt-2 space-y-0.5 text-xs text-slate-500">
        {sources.map((section, index) => (
          <li key={section.title}>
            [{index + 1}] {section.title}
            {section.cut && ' (its beginning)'}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        Source: SEC EDGAR, the {answer.form} filed {formatDay(answer.filedOn)} · written by the
        language model {summary.model}, {formatMoment(summary.writtenAt)} · {answer.disclaimer}
      </p>
    </div>
  );
}
