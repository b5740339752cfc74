import { researchSourceText, type WhyItMoved as WhyItMovedAnswer } from '@tickerwise/shared';
import { ChangeIndicator } from '../../../components/prices/change-indicator.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDay, formatMoment, priceSourceName } from '../../../lib/price-sources.ts';
import { useLiveQuote } from '../../../lib/use-live-quote.ts';
import { useWhyItMoved, useWriteWhyItMoved } from '../api/summaries.ts';
import { CitedText, creditText, SummaryUpgrade, WriteError } from './summary-parts.tsx';

const what = '“Why it moved”';

/**
 * docs/PRODUCT.md §3.13: the day's move as the page shows it, and a language model's summary
 * of the day's headlines that may explain it, each sentence linking the headlines it rests on.
 * Written only on request (1 AI credit, free to read again); without a model, or without
 * headlines that day, it says so and nothing is charged.
 */
export function WhyItMoved({ symbol }: { symbol: string }) {
  const query = useWhyItMoved(symbol);
  const write = useWriteWhyItMoved(symbol);
  return (
    <section
      aria-label="Why it moved"
      className="mb-4 rounded-xl border border-slate-200 bg-slate-50/70 p-3 sm:p-4"
    >
      <h4 className="text-sm font-semibold text-ink-950">Why it moved</h4>
      {query.isPending ? (
        <div role="status" aria-label="Loading why it moved" className="mt-2 space-y-2">
          <Skeleton className="h-4" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : query.isError ? (
        query.error instanceof ApiRequestError && query.error.status === 402 ? (
          <div className="mt-2">
            <SummaryUpgrade
              what={what}
              message="A short summary of the day’s headlines behind a stock’s move, written by a language model, with links to each headline."
            />
          </div>
        ) : (
          <ErrorState
            className="mt-2"
            title="“Why it moved” could not be loaded."
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          >
            {query.error.message}
          </ErrorState>
        )
      ) : (
        <>
          <DayMove answer={query.data} />
          <div className="mt-2">
            <Body answer={query.data} write={write} />
          </div>
        </>
      )}
    </section>
  );
}

function DayMove({ answer }: { answer: WhyItMovedAnswer }) {
  const { move } = answer;
  // The same figure as the page's headline, live for a real-time plan as it is there.
  const quote = useLiveQuote({
    symbol: answer.symbol,
    price: move.price,
    change: move.changePercent,
    delayed: move.delayed,
    asOf: move.asOf,
  });
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
      <span>
        {answer.symbol} on {formatDay(answer.day)}:
      </span>
      <ChangeIndicator change={quote.change} className="text-sm" />
      <span>
        {move.delayed ? `delayed ${move.delayMinutes} min, ` : ''}
        {priceSourceName(move.source)}, as of {formatMoment(quote.asOf)}
      </span>
    </p>
  );
}

function Body({
  answer,
  write,
}: {
  answer: WhyItMovedAnswer;
  write: ReturnType<typeof useWriteWhyItMoved>;
}) {
  if (write.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500">
        Summarising the day’s headlines…
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
            A language model can summarise the day’s {answer.sources.length}{' '}
            {answer.sources.length === 1 ? 'headline' : 'headlines'}, every sentence linked to the
            headline it rests on. It uses {creditText(answer.credits)}; reading it again is free.
          </p>
          <Button size="sm" className="shrink-0" onClick={() => write.mutate()}>
            Summarise the news
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
      // no_model, no_sources: said plainly, nothing to do.
      return <p className="text-sm text-slate-500">{answer.message}</p>;
  }
}

function Written({ answer }: { answer: WhyItMovedAnswer }) {
  const { summary, sources } = answer;
  if (!summary) return null;
  return (
    <div>
      <CitedText
        sentences={summary.sentences}
        hrefOf={(cite) => sources[cite - 1]?.url}
        sourceName={(cite) => sources[cite - 1]?.headline ?? `headline ${cite}`}
      />
      <ol className="mt-2 space-y-0.5 text-xs text-slate-500">
        {sources.map((source, index) => (
          <li key={source.url}>
            [{index + 1}]{' '}
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="hover:text-brand-700 hover:underline"
            >
              {source.headline}
            </a>{' '}
            ({source.publisher})
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        Written by the language model {summary.model} from the day’s headlines
        {answer.newsSource ? ` (${researchSourceText[answer.newsSource]})` : ''}, each sentence
        checked against the headlines it cites · {formatMoment(summary.writtenAt)} ·{' '}
        {answer.disclaimer}
      </p>
    </div>
  );
}
