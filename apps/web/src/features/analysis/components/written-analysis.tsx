import {
  type AnalysisResponse,
  paths,
  type WrittenAnalysis,
  writerFallbackText,
} from '@tickerwise/shared';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { resetText } from '../../../lib/credits-reset.ts';
import { formatDay } from '../../../lib/price-sources.ts';
import { useAnalystStream } from '../api/use-analyst-stream.ts';
import { UpgradePrompt } from './upgrade-prompt.tsx';
import { Paragraphs, SectionedText } from './written-text.tsx';

/**
 * The written analysis, or what stands in its place: the upgrade prompt (Free), the day's
 * credits used up, or a button that opens it for one credit when a language model writes it.
 * What is free is opened at once: a re-read the same day, and the built-in writer's
 * automated summary (no model connected). The text streams in as it is written.
 */
export function WrittenAnalysisPanel({ analysis }: { analysis: AnalysisResponse }) {
  const { symbol, written, credits } = analysis;
  const pick = useCallback(
    (data: object) => ('analysis' in data ? (data.analysis as WrittenAnalysis) : null),
    [],
  );
  const stream = useAnalystStream(
    `/api/stocks/${encodeURIComponent(symbol)}/analysis/written`,
    pick,
  );
  const { start, phase } = stream;
  const freeReopen = written.status === 'available' && written.cost === 0;
  useEffect(() => {
    if (freeReopen && phase === 'idle') void start({});
  }, [freeReopen, phase, start]);

  const finished = stream.result ?? (written.status === 'ready' ? written.analysis : null);
  if (finished && phase !== 'streaming') return <FinishedAnalysis analysis={finished} />;

  if (phase === 'streaming' || (phase === 'done' && !stream.result)) {
    return (
      <div>
        {stream.withdrawn && <Alert tone="info">{stream.withdrawn}</Alert>}
        <p role="status" className="text-sm text-slate-500">
          {written.status === 'available' && written.writer === 'built_in'
            ? `Writing the automated summary of ${symbol}…`
            : `Writing the analysis of ${symbol}…`}
        </p>
        <div aria-live="polite" aria-busy={phase === 'streaming'} className="mt-3 text-sm">
          <SectionedText text={stream.text} />
        </div>
      </div>
    );
  }

  const error = stream.error;
  if (written.status === 'upgrade_required' || error?.status === 402) {
    return (
      <UpgradePrompt
        tier={written.status === 'upgrade_required' ? written.requiredTier : 'pro'}
        message={written.status === 'upgrade_required' ? written.message : (error?.message ?? '')}
      />
    );
  }
  // Other refusals with 429 (model calls at once, or of the day) say what to do in the alert
  // below, with "Try again": the day's credits may be left.
  if (written.status === 'quota_exceeded' || error?.code === 'quota_exceeded') {
    return (
      <OutOfCredits
        message={written.status === 'quota_exceeded' ? written.message : (error?.message ?? '')}
        resetsAt={written.status === 'quota_exceeded' ? written.resetsAt : credits.resetsAt}
      />
    );
  }

  const left = Math.max(0, credits.limit - credits.used);
  return (
    <div className="space-y-3">
      {error && (
        <Alert
          action={
            <Button size="sm" variant="secondary" onClick={() => start({})}>
              Try again
            </Button>
          }
        >
          {error.message}
        </Alert>
      )}
      {!error && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1 text-sm text-slate-600">
            <p className="font-semibold text-ink-950">
              A written analysis of {symbol} from the figures above
            </p>
            <p className="mt-1">
              {written.status === 'available' && written.cost === 1
                ? `Opening it uses 1 AI credit (${left} of ${credits.limit} left today); reading it again today is free.`
                : 'Reading it again today is free.'}{' '}
              {written.status === 'available' && written.writer === 'model' && written.model
                ? `Written by the language model ${written.model}, every figure checked against the data; if it fails, the automated summary is shown and no credit is used.`
                : builtInNote}
            </p>
          </div>
          <Button size="sm" onClick={() => start({})} className="shrink-0">
            Read the analysis
          </Button>
        </div>
      )}
    </div>
  );
}

const builtInNote =
  'An automated summary, written by Tickerwise’s built-in writer from the computed figures (not AI); it uses no AI credit.';

function OutOfCredits({ message, resetsAt }: { message: string; resetsAt: string }) {
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
      {message} Credits start again at {resetText(resetsAt)}.
    </Alert>
  );
}

function FinishedAnalysis({ analysis }: { analysis: WrittenAnalysis }) {
  return (
    <article aria-label="Written analysis">
      {analysis.fallback && (
        <Alert tone="info" className="mb-3">
          The automated summary is shown because {writerFallbackText[analysis.fallback]}. No AI
          credit was used.
        </Alert>
      )}
      <div className="grid gap-x-8 gap-y-4 text-sm lg:grid-cols-2">
        {analysis.sections.map((section) => (
          <section
            key={section.key}
            className={section.key === 'summary' ? 'lg:col-span-2' : undefined}
          >
            <h4 className="font-semibold text-ink-950">{section.title}</h4>
            <Paragraphs text={section.text} />
          </section>
        ))}
      </div>
      <p className="mt-4 border-t border-slate-100 pt-3 text-xs text-slate-500">
        Data as of {formatDay(analysis.dataDate)} ·{' '}
        {analysis.writer === 'model' && analysis.model
          ? `Written by the language model ${analysis.model}, every figure checked against the data`
          : 'Automated summary by the built-in writer from the computed figures (not AI, no credit used)'}{' '}
        · <strong className="font-semibold text-slate-700">{analysis.disclaimer}</strong>
      </p>
    </article>
  );
}
