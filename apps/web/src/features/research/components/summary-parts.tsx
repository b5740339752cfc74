import { paths, type SummarySentence } from '@tickerwise/shared';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { resetText } from '../../../lib/credits-reset.ts';

/**
 * A summary's sentences, each followed by the numbers of the sources it rests on: a link to
 * the headline when `hrefOf` gives one, else a reference to the numbered list below.
 */
export function CitedText({
  sentences,
  hrefOf,
  sourceName,
}: {
  sentences: SummarySentence[];
  hrefOf?: (cite: number) => string | undefined;
  sourceName: (cite: number) => string;
}) {
  return (
    <p className="text-sm leading-6 text-ink-900">
      {sentences.map((sentence, index) => (
        <span key={`${index}-${sentence.text.slice(0, 12)}`}>
          {index > 0 && ' '}
          {sentence.text}
          {sentence.cites.map((cite) => {
            const href = hrefOf?.(cite);
            const label = `Source ${cite}: ${sourceName(cite)}`;
            return (
              <sup key={cite} className="ml-0.5 text-[0.7rem] font-semibold">
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    aria-label={label}
                    title={sourceName(cite)}
                    className="text-brand-700 hover:underline"
                  >
                    [{cite}]
                  </a>
                ) : (
                  <span title={sourceName(cite)} className="text-slate-600">
                    [{cite}]<span className="sr-only"> {label}</span>
                  </span>
                )}
              </sup>
            );
          })}
        </span>
      ))}
    </p>
  );
}

/** In place of a summary on a plan without AI analysis: what it takes, and the way there. */
export function SummaryUpgrade({ what, message }: { what: string; message: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-3 sm:flex-row sm:items-center">
      <Sparkles aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-ink-950">{what} comes with Pro</p>
        <p className="mt-0.5 text-slate-600">{message}</p>
      </div>
      <Link
        to={paths.planChange}
        state={{ plan: 'pro' }}
        className={`${buttonStyles({ size: 'sm' })} shrink-0`}
      >
        See the plans
      </Link>
    </div>
  );
}

/**
 * A refused `POST`: the plan lacks it (402), the day's credits are used up (429
 * `quota_exceeded`, with the way to more), or another failure with "Try again".
 */
export function WriteError({
  error,
  what,
  resetsAt,
  onRetry,
}: {
  error: Error;
  what: string;
  /** When the day's credits come back, from the last answer. */
  resetsAt: string | undefined;
  onRetry: () => void;
}) {
  if (error instanceof ApiRequestError && error.status === 402) {
    return <SummaryUpgrade what={what} message={error.message} />;
  }
  if (error instanceof ApiRequestError && error.code === 'quota_exceeded') {
    return (
      <Alert
        tone="warning"
        icon
        title="You have used today's AI credits"
        action={
          <Link to={paths.pricing} className={buttonStyles({ size: 'sm', variant: 'secondary' })}>
            Upgrade for more
          </Link>
        }
      >
        {error.message}
        {resetsAt && ` Credits start again at ${resetText(resetsAt)}.`}
      </Alert>
    );
  }
  return (
    <Alert
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}

/** "1 AI credit (12 of 50 left today)". */
export function creditText(credits: { used: number; limit: number } | null): string {
  if (!credits) return '1 AI credit';
  const left = Math.max(0, credits.limit - credits.used);
  return `1 AI credit (${left} of ${credits.limit} left today)`;
}
