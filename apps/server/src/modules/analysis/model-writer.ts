import {
  investmentDisclaimer,
  type WriterFallback,
  type WrittenAnalysis,
} from '@tickerwise/shared';
import type { Clock } from '../../clock.ts';
import { AdviceInAnswerError } from './advice-answer.ts';
import { parseSections } from './analysis-text.ts';
import type { AnalysisFacts } from './facts.ts';
import { GroundedTextStream, lastSentenceEnd, UngroundedFigureError } from './grounded-stream.ts';
import type { LanguageModel } from './language-model.ts';
import { toModelFacts } from './model-facts.ts';
import { allowedFactsOf } from './number-check.ts';
import { analysisLength, analysisMessages, type TextLength } from './prompts.ts';
import type { AnalysisWriter, WriteOptions } from './writer.ts';

/** The part of the app's logger the analyst uses (Fastify's logger fits). */
export interface AnalysisLog {
  warn(details: object, message: string): void;
}

export interface ModelWriterOptions {
  model: LanguageModel;
  /** Writes instead when the model's text fails its check, times out or errs. */
  fallback: AnalysisWriter;
  log: AnalysisLog;
  /** The longest a whole answer may take. */
  timeoutMs: number;
  /** The app's clock, for the time the analysis is written. */
  now: Clock;
}

class TimedOutError extends Error {
  override name = 'TimedOutError';
}

/** A model's text ran past its length and nothing complete came before the cap. */
export class TooLongError extends Error {
  override name = 'TooLongError';
}

/**
 * Reads a model's text through the `pieces` it streams (asking for at most
 * `length.maxTokens`), passing each sentence on once its numbers matched the facts, within
 * `timeoutMs`. Reading stops once the text would pass `length.maxChars`, whatever the model
 * does: the stream is closed (the model stops writing) and the text ends at the last complete
 * sentence (`cut`). Throws UngroundedFigureError or TimedOutError; rethrows the caller's own
 * abort.
 */
export async function streamGrounded(
  pieces: (signal: AbortSignal, maxTokens: number) => AsyncIterable<string>,
  allowed: ReturnType<typeof allowedFactsOf>,
  options: {
    timeoutMs: number;
    length: TextLength;
    signal?: AbortSignal;
    onText: (text: string) => void;
  },
): Promise<{ text: string; cut: boolean }> {
  const { maxChars, maxTokens } = options.length;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const stop = new AbortController();
  const signal = AbortSignal.any([
    stop.signal,
    deadline,
    ...(options.signal ? [options.signal] : []),
  ]);
  const grounded = new GroundedTextStream(allowed);
  let text = '';
  let cut = false;
  const pass = (ready: string) => {
    let kept = ready;
    if (text.length + kept.length > maxChars) {
      // Only whole sentences, up to the cap.
      kept = kept.slice(0, lastSentenceEnd(kept.slice(0, maxChars - text.length)));
      cut = true;
    }
    if (!kept) return;
    text += kept;
    options.onText(kept);
  };
  try {
    for await (const piece of pieces(signal, maxTokens)) {
      pass(grounded.push(piece));
      if (!cut && text.length + grounded.pendingLength > maxChars) cut = true;
      if (cut) break;
    }
    if (!cut) pass(grounded.end());
    return { text, cut };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (deadline.aborted)
      throw new TimedOutError(`no complete answer within ${options.timeoutMs} ms`);
    throw error;
  } finally {
    // The model stops writing what nobody reads (leaving the loop early closes the stream too).
    stop.abort();
  }
}

export function fallbackReasonOf(error: unknown): WriterFallback {
  if (error instanceof UngroundedFigureError) return 'ungrounded_figure';
  if (error instanceof AdviceInAnswerError) return 'advice';
  if (error instanceof TimedOutError) return 'timeout';
  if (error instanceof TooLongError) return 'too_long';
  return 'model_error';
}

/**
 * The language-model writer: the model gets the facts as JSON and the rule to use no other
 * numbers; its text streams out sentence by sentence as each passes the number check. On a
 * figure that is not a fact, a timeout, an error, text longer than an analysis may be
 * (`analysisLength`) or text without the five sections, what was
 * shown is withdrawn, the event is logged, and the built-in writer's analysis is served.
 */
export class CheckedModelWriter implements AnalysisWriter {
  private readonly now: Clock;

  constructor(private readonly options: ModelWriterOptions) {
    this.now = options.now;
  }

  async write(facts: AnalysisFacts, options: WriteOptions = {}): Promise<WrittenAnalysis> {
    const { model, fallback, log, timeoutMs } = this.options;
    const modelFacts = toModelFacts(facts);
    const messages = analysisMessages(modelFacts);
    let shown = false;
    try {
      const { text, cut } = await streamGrounded(
        (signal, maxTokens) => model.stream(messages, signal, maxTokens),
        allowedFactsOf(modelFacts, facts),
        {
          timeoutMs,
          length: analysisLength,
          signal: options.signal,
          onText: (piece) => {
            shown = true;
            options.emit?.({ type: 'text', text: piece });
          },
        },
      );
      // Five sections cut short are not the analysis: the built-in one stands in.
      if (cut) throw new TooLongError(`more than ${analysisLength.maxChars} characters`);
      const sections = parseSections(text);
      if (!sections) throw new BadFormatError();
      return {
        sections,
        writer: 'model',
        model: model.name,
        fallback: null,
        dataDate: facts.dataDate,
        writtenAt: this.now().toISOString(),
        disclaimer: investmentDisclaimer,
      };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const reason = error instanceof BadFormatError ? 'bad_format' : fallbackReasonOf(error);
      log.warn(
        {
          event: 'analysis_model_fallback',
          symbol: facts.security.symbol,
          dataDate: facts.dataDate,
          model: model.name,
          reason,
          figures: error instanceof UngroundedFigureError ? error.figures : undefined,
          error: reason === 'model_error' ? String(error) : undefined,
        },
        'The model’s analysis was not served; the built-in analysis replaces it',
      );
      if (shown) options.emit?.({ type: 'reset', reason });
      return { ...(await fallback.write(facts, options)), fallback: reason };
    }
  }
}

class BadFormatError extends Error {
  override name = 'BadFormatError';
}
