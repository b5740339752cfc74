import {
  type AnalysisResponse,
  askQuestionSchema,
  type QuestionAnswer,
  questionLimits,
} from '@tickerwise/shared';
import { MessageCircleQuestion } from 'lucide-react';
import { type FormEvent, useCallback, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { resetText } from '../../../lib/credits-reset.ts';
import { formatDay } from '../../../lib/price-sources.ts';
import { useAnalystStream } from '../api/use-analyst-stream.ts';
import { Paragraphs } from './written-text.tsx';

const outcomeNotes: Partial<Record<QuestionAnswer['outcome'], string>> = {
  refused: 'Tickerwise does not tell you whether to buy or sell.',
  unverified: 'The answer was withheld because it stated figures that are not in the data.',
  unavailable: 'The language model did not answer. Please try again later.',
  not_covered: 'The computed figures do not answer this question.',
};

/** Who wrote an answer, as its footer says it. */
function answeredBy(answer: QuestionAnswer): string {
  return answer.writer === 'model'
    ? `Answered by ${answer.model ?? 'the language model'}, every figure checked against the data.`
    : 'Answered from the computed figures by the built-in answerer (not AI).';
}

/**
 * "Ask about this stock": a question answered from the same facts as the analysis, streamed:
 * by the language model for one credit each, or without one by the built-in answerer, which
 * answers factual questions from the computed figures for free. On Free it says why not.
 */
export function AskBox({ analysis }: { analysis: AnalysisResponse }) {
  const { symbol, ask, credits } = analysis;
  const id = useId();
  const [question, setQuestion] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const pick = useCallback(
    (data: object) => ('answer' in data ? (data.answer as QuestionAnswer) : null),
    [],
  );
  const stream = useAnalystStream(`/api/stocks/${encodeURIComponent(symbol)}/ask`, pick);

  if (!ask.available) {
    return (
      <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-600">
        {ask.reason === 'upgrade_required'
          ? 'Questions about a stock, answered from the figures above, come with the Pro plan and up, like the written analysis.'
          : ask.message}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = askQuestionSchema.safeParse({ question });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Ask a question');
      return;
    }
    setInvalid(null);
    void stream.start(parsed.data);
  };

  const answer = stream.result;
  const busy = stream.phase === 'streaming';
  const left = Math.max(0, credits.limit - credits.used);
  return (
    <div>
      <form onSubmit={submit} noValidate className="space-y-2">
        <label htmlFor={`${id}-question`} className="block text-sm font-medium text-ink-900">
          Your question about {symbol}
        </label>
        <textarea
          id={`${id}-question`}
          rows={2}
          maxLength={questionLimits.maxLength}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          placeholder={
            ask.writer === 'model'
              ? 'How volatile has it been compared with the market?'
              : 'What is the P/E ratio? How has it done this year?'
          }
          className={`${inputStyles(invalid !== null)} resize-y`}
        />
        {invalid && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {invalid}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {ask.writer === 'model'
              ? `Each answer uses 1 AI credit (${left} of ${credits.limit} left today). Answers use only the figures above.`
              : 'Answered from the figures above (price, returns, ratios, rating, checks, dates) by the built-in answerer, not AI: free. No language model is connected to this server.'}
          </p>
          <Button type="submit" size="sm" busy={busy} busyLabel="Answering…" className="shrink-0">
            <MessageCircleQuestion aria-hidden="true" className="size-4" />
            Ask
          </Button>
        </div>
      </form>
      {stream.phase === 'error' && stream.error && (
        <Alert className="mt-3">
          {stream.error.message}
          {stream.error.code === 'quota_exceeded' &&
            ` Credits start again at ${resetText(credits.resetsAt)}.`}
        </Alert>
      )}
      {(busy || answer) && (
        <div className="mt-4 rounded-xl border border-slate-200 p-4 text-sm">
          {stream.withdrawn && <p className="mb-2 text-xs text-slate-500">{stream.withdrawn}</p>}
          <div aria-live="polite" aria-busy={busy}>
            <Paragraphs text={answer ? answer.answer : stream.text} />
          </div>
          {answer && (
            <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-500">
              {outcomeNotes[answer.outcome] ?? answeredBy(answer)}
              {stream.charged === false && ' No credit was used.'} Data as of{' '}
              {formatDay(answer.dataDate)} ·{' '}
              <strong className="font-semibold text-slate-700">{answer.disclaimer}</strong>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
