import type { WrittenSummary } from '@tickerwise/shared';
import type { AnalysisEntitlements, Member } from '../analysis-service.ts';
import { lastSentenceEnd } from '../grounded-stream.ts';
import type { ChatMessage, LanguageModel } from '../language-model.ts';
import type { ModelCallGate } from '../model-calls.ts';
import type { TextLength } from '../prompts.ts';

/** What writing a summary came to, shared by every reader of the same key. */
export type SummaryOutcome<S> =
  | { status: 'ready'; summary: WrittenSummary; sources: S }
  | { status: 'refused' | 'unavailable' | 'no_sources'; message: string; sources: S };

/** A model's text, read; `giveBack` returns its credit when the text is not served. */
interface ModelRun {
  text: string;
  giveBack(): Promise<void>;
}

/** Has the model write, paid with one of the member's AI credits (see SummaryDesk). */
type CallModel = (messages: ChatMessage[], length: TextLength) => Promise<ModelRun>;

/** The model failed or timed out: nothing was charged. */
export class ModelFailedError extends Error {
  override name = 'ModelFailedError';
  constructor(readonly reason: 'timeout' | 'model_error') {
    super(`the model did not answer: ${reason}`);
  }
}

interface SummaryDeskOptions {
  model: LanguageModel;
  modelCalls: ModelCallGate;
  entitlements: Pick<AnalysisEntitlements, 'consumeQuota'>;
  /** The longest the model may take to write one summary. */
  timeoutMs: number;
  now: () => number;
  log: { warn(details: object, message: string): void };
  /** Keys kept at most (the least recently read goes first). */
  maxEntries?: number;
}

interface Kept<S> {
  outcome: SummaryOutcome<S>;
  until: number;
}

/**
 * Where summaries are written once and shared (docs/PRODUCT.md §3.13): per key (a symbol's
 * day, a filing) at most one writing runs at a time on this server, whoever asks; its summary
 * is kept for every reader until `keepMs` has passed, a refusal for an hour, an outage not at
 * all. The reader whose request has it written pays one AI credit (the `aiCalls` quota, taken
 * atomically before the call, so the last credit goes to one request) and one model call (the
 * gate); the credit is given back when the model fails, times out or its text is refused.
 * Readers who come while it is written, or after, read it free.
 */
export class SummaryDesk<S> {
  private readonly kept = new Map<string, Kept<S>>();
  private readonly writing = new Map<string, Promise<SummaryOutcome<S> | null>>();
  private readonly maxEntries: number;

  constructor(private readonly options: SummaryDeskOptions) {
    this.maxEntries = options.maxEntries ?? 2_000;
  }

  /** The kept outcome of `key`, if any; never writes. */
  read(key: string): SummaryOutcome<S> | undefined {
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    if (kept.until <= this.options.now()) {
      this.kept.delete(key);
      return undefined;
    }
    return kept.outcome;
  }

  /** Whether a writing of `key` is under way on this server. */
  isWriting(key: string): boolean {
    return this.writing.has(key);
  }

  /**
   * The outcome of `key`: kept, joined (a writing under way), or written now by `write`,
   * which has the model write through the `CallModel` it is given. `charged` is true only for
   * the request whose credit paid for a summary that is served. Charging errors (402, 429)
   * are the writer's own: a request that joined a writing refused them tries for itself.
   */
  async outcome(
    member: Member,
    key: string,
    keepMs: number,
    write: (callModel: CallModel) => Promise<SummaryOutcome<S>>,
  ): Promise<{ outcome: SummaryOutcome<S>; charged: boolean }> {
    for (;;) {
      const kept = this.read(key);
      if (kept) return { outcome: kept, charged: false };
      const running = this.writing.get(key);
      if (running) {
        const outcome = await running;
        if (outcome) return { outcome, charged: false };
        continue;
      }
      let settle: (outcome: SummaryOutcome<S> | null) => void = () => {};
      this.writing.set(
        key,
        new Promise((resolve) => {
          settle = resolve;
        }),
      );
      // Set by the writing's model call (closures are not followed by narrowing: an object).
      const paid: { run?: ModelRun; givenBack: boolean } = { givenBack: false };
      const giveBack = async () => {
        if (!paid.run || paid.givenBack) return;
        paid.givenBack = true;
        await paid.run.giveBack();
      };
      try {
        const outcome = await write(async (messages, length) => {
          paid.run = await this.callModel(member, messages, length);
          return { text: paid.run.text, giveBack };
        });
        if (outcome.status !== 'ready') await giveBack();
        this.keep(key, outcome, keepMs);
        settle(outcome);
        return { outcome, charged: paid.run !== undefined && !paid.givenBack };
      } catch (error) {
        await giveBack();
        settle(null);
        throw error;
      } finally {
        this.writing.delete(key);
      }
    }
  }

  private keep(key: string, outcome: SummaryOutcome<S>, keepMs: number): void {
    // An outage is not kept: the next reader may try again.
    if (outcome.status === 'unavailable') return;
    const ms = outcome.status === 'refused' ? Math.min(keepMs, refusalKeptMs) : keepMs;
    this.kept.delete(key);
    this.kept.set(key, { outcome, until: this.options.now() + ms });
    if (this.kept.size > this.maxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
  }

  /**
   * One credit, then one model call, then the text: the credit is given back when the call is
   * refused (too many at once) or the model fails or times out (ModelFailedError).
   */
  private async callModel(
    member: Member,
    messages: ChatMessage[],
    length: TextLength,
  ): Promise<ModelRun> {
    const { entitlements, modelCalls, model, log } = this.options;
    const consumption = await entitlements.consumeQuota(member, 'aiCalls');
    let refunded: Promise<void> | undefined;
    const giveBack = () => {
      refunded ??= consumption.refund().catch(() => {});
      return refunded;
    };
    let call: Awaited<ReturnType<ModelCallGate['begin']>>;
    try {
      call = await modelCalls.begin(member);
    } catch (error) {
      await giveBack();
      throw error;
    }
    try {
      const text = await readModelText(model, messages, length, this.options.timeoutMs);
      return { text, giveBack };
    } catch (error) {
      await giveBack();
      const reason = error instanceof SummaryTimedOutError ? 'timeout' : 'model_error';
      log.warn(
        { event: 'summary_model_failed', model: model.name, reason, error: String(error) },
        'The model wrote no summary; no credit was used',
      );
      throw new ModelFailedError(reason);
    } finally {
      call.end();
    }
  }
}

/** A refused summary is not asked for again within the hour (the news is kept an hour too). */
const refusalKeptMs = 60 * 60_000;

class SummaryTimedOutError extends Error {
  override name = 'SummaryTimedOutError';
}

/**
 * The model's whole reply, at most `length.maxChars` characters (cut at the last sentence
 * end; reading stops there, so the model stops writing), within `timeoutMs`.
 */
async function readModelText(
  model: LanguageModel,
  messages: ChatMessage[],
  length: TextLength,
  timeoutMs: number,
): Promise<string> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = new AbortController();
  const signal = AbortSignal.any([deadline, stop.signal]);
  let text = '';
  try {
    for await (const piece of model.stream(messages, signal, length.maxTokens)) {
      text += piece;
      if (text.length > length.maxChars) {
        text = text.slice(0, lastSentenceEnd(text.slice(0, length.maxChars)));
        break;
      }
    }
    return text.trim();
  } catch (error) {
    if (deadline.aborted) throw new SummaryTimedOutError(`no answer within ${timeoutMs} ms`);
    throw error;
  } finally {
    stop.abort();
  }
}
