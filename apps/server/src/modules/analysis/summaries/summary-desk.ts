import { randomUUID } from 'node:crypto';
import type { WrittenSummary } from '@tickerwise/shared';
import type { AnalysisEntitlements, Member } from '../analysis-service.ts';
import { lastSentenceEnd } from '../grounded-stream.ts';
import type { ChatMessage, LanguageModel } from '../language-model.ts';
import type { ModelCallGate } from '../model-calls.ts';
import type { TextLength } from '../prompts.ts';
import type { StoredOutcome, SummaryKey, SummaryStore } from './summary-store.ts';

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

interface SummaryDeskOptions<S> {
  model: LanguageModel;
  modelCalls: ModelCallGate;
  entitlements: Pick<AnalysisEntitlements, 'consumeQuota'>;
  /** Where the outcomes are kept for every instance (`research_summaries`). */
  store: SummaryStore;
  /** Reads kept sources back; null when they are not of the shape this desk writes. */
  parseSources: (value: unknown) => S | null;
  /** The longest the model may take to write one summary. */
  timeoutMs: number;
  /**
   * How long a claim lasts: a writing still unfinished after this is taken to have died with
   * its instance, and the next request takes it over (default: the model's time and a minute
   * for reading the sources).
   */
  claimMs?: number;
  /**
   * How long a request waits for another instance's writing before it is told to try again
   * (default: the model's time and 15 seconds). A writing on this instance is joined instead.
   */
  waitMs?: number;
  /** How often a request waiting for another instance's writing looks again. */
  pollMs?: number;
  now: () => number;
  log: { warn(details: object, message: string): void };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where summaries are written once and shared (docs/PRODUCT.md §3.13, ADRs 75 and 81): per key
 * (a symbol's New York day, a filing) one writing at a time on all instances together, whoever
 * asks. The writing request claims the key in `research_summaries` (one statement: of any
 * number of requests on any number of instances, one claims it); requests on the same instance
 * join its writing, requests on other instances look again until it is kept (at most `waitMs`,
 * then they are told to try again). Its summary is kept for every reader until `keepMs` has
 * passed, a refusal for an hour, an outage not at all; a restart keeps them. The reader whose
 * request has it written pays one AI credit (the `aiCalls` quota, taken atomically before the
 * call, so the last credit goes to one request) and one model call (the gate); the credit is
 * given back when the model fails, times out or its text is refused. Readers who come while
 * it is written, or after, read it free.
 */
export class SummaryDesk<S> {
  /** Writings this instance runs, by key, for the requests of this instance to join. */
  private readonly writing = new Map<string, Promise<SummaryOutcome<S> | null>>();
  private readonly claimMs: number;
  private readonly waitMs: number;
  private readonly pollMs: number;

  constructor(private readonly options: SummaryDeskOptions<S>) {
    this.claimMs = options.claimMs ?? options.timeoutMs + 60_000;
    this.waitMs = options.waitMs ?? options.timeoutMs + 15_000;
    this.pollMs = options.pollMs ?? 250;
  }

  /** The kept outcome of `key`, if any; never writes. */
  async read(key: SummaryKey): Promise<SummaryOutcome<S> | undefined> {
    const stored = await this.options.store.read(key, new Date(this.options.now()));
    return stored?.state === 'kept' ? this.parsed(key, stored.outcome) : undefined;
  }

  /**
   * The outcome of `key`: kept, joined (a writing under way), or written now by `write`,
   * which has the model write through the `CallModel` it is given; null when another
   * instance is still writing it after `waitMs`. `charged` is true only for the request whose
   * credit paid for a summary that is served. Charging errors (402, 429) are the writer's
   * own: a request that joined a writing refused them tries for itself.
   */
  async outcome(
    member: Member,
    key: SummaryKey,
    keepMs: number,
    write: (callModel: CallModel) => Promise<SummaryOutcome<S>>,
  ): Promise<{ outcome: SummaryOutcome<S>; charged: boolean } | null> {
    const { store, now } = this.options;
    const id = `${key.kind}|${key.symbol}|${key.subject}`;
    const waitUntil = now() + this.waitMs;
    const waitUntilReal = performance.now() + this.waitMs;
    for (;;) {
      const running = this.writing.get(id);
      if (running) {
        const outcome = await running;
        if (outcome) return { outcome, charged: false };
        continue;
      }
      const stored = await store.read(key, new Date(now()));
      if (stored?.state === 'kept') {
        const outcome = this.parsed(key, stored.outcome);
        if (outcome) return { outcome, charged: false };
        // Kept in a shape this server no longer reads: written again.
        await store.forget(key);
      }
      // A writing of this instance may have begun while the store was read: join it.
      if (this.writing.has(id)) continue;
      const claimId = randomUUID();
      if (await store.claim(key, claimId, new Date(now()), new Date(now() + this.claimMs))) {
        return this.written(member, key, id, claimId, keepMs, write);
      }
      // Another instance writes it (or did, and its outcome is about to be kept).
      if (now() >= waitUntil || performance.now() >= waitUntilReal) return null;
      await sleep(this.pollMs);
    }
  }

  /** The claimed writing: its outcome kept for every instance, or the claim given up. */
  private async written(
    member: Member,
    key: SummaryKey,
    id: string,
    claimId: string,
    keepMs: number,
    write: (callModel: CallModel) => Promise<SummaryOutcome<S>>,
  ): Promise<{ outcome: SummaryOutcome<S>; charged: boolean }> {
    const { store } = this.options;
    let settle: (outcome: SummaryOutcome<S> | null) => void = () => {};
    this.writing.set(
      id,
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
      await this.keep(key, claimId, outcome, keepMs);
      settle(outcome);
      return { outcome, charged: paid.run !== undefined && !paid.givenBack };
    } catch (error) {
      await giveBack();
      await store.release(key, claimId).catch(() => {});
      settle(null);
      throw error;
    } finally {
      this.writing.delete(id);
    }
  }

  /** Keeps an outcome for every instance; an outage is not kept (the next reader may try). */
  private async keep(
    key: SummaryKey,
    claimId: string,
    outcome: SummaryOutcome<S>,
    keepMs: number,
  ): Promise<void> {
    const { store, now, log, model } = this.options;
    if (outcome.status === 'unavailable') {
      await store.release(key, claimId).catch(() => {});
      return;
    }
    const stored: StoredOutcome =
      outcome.status === 'ready'
        ? outcome
        : { status: outcome.status, message: outcome.message, sources: outcome.sources };
    const ms = outcome.status === 'refused' ? Math.min(keepMs, refusalKeptMs) : keepMs;
    try {
      const kept = await store.complete(key, claimId, stored, model.name, new Date(now() + ms));
      if (!kept) {
        log.warn(
          { event: 'summary_claim_taken_over', ...key },
          'A summary was written after its claim had expired; the newer writing is kept',
        );
      }
    } catch (error) {
      // Served all the same; the next reader has it written again.
      log.warn(
        { event: 'summary_not_kept', ...key, error: String(error) },
        'A summary could not be kept',
      );
      await store.release(key, claimId).catch(() => {});
    }
  }

  /** A kept outcome with its sources read back; undefined when they are not this desk's. */
  private parsed(key: SummaryKey, outcome: StoredOutcome): SummaryOutcome<S> | undefined {
    const sources = this.options.parseSources(outcome.sources);
    if (sources === null) {
      this.options.log.warn(
        { event: 'summary_unreadable', ...key },
        'A kept summary’s sources could not be read; it is not served',
      );
      return undefined;
    }
    return outcome.status === 'ready'
      ? { status: 'ready', summary: outcome.summary, sources }
      : { status: outcome.status, message: outcome.message, sources };
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
