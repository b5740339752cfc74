import type { WrittenAnalysis } from '@tickerwise/shared';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/errors.ts';
import type { AnalysisKey, AnalysisStore, StoredAnalysis } from './analysis-store.ts';
import { sectionText } from './analysis-text.ts';
import { type AnalysisFacts, factsHash } from './facts.ts';
import type { ModelCall } from './model-calls.ts';
import type { AnalysisLog } from './model-writer.ts';
import type { AnalysisWriter, WriterEvent } from './writer.ts';

/** A written analysis on its way: its text so far and to come, and the analysis at the end. */
export class Writing {
  private readonly events: WriterEvent[] = [];
  private readonly listeners = new Set<(event: WriterEvent) => void>();
  readonly result: Promise<WrittenAnalysis>;
  /**
   * Settles once the writing goes ahead (its first text, a model call admitted, or the
   * result), or fails as it would: a refused model call is known before any text.
   */
  readonly admitted: Promise<void>;
  private readonly admit: () => void;

  constructor(produce: (writing: Writing) => Promise<WrittenAnalysis>) {
    let admit = () => {};
    let refuse: (error: unknown) => void = () => {};
    this.admitted = new Promise<void>((resolve, reject) => {
      admit = resolve;
      refuse = reject;
    });
    this.admit = admit;
    this.result = produce(this);
    this.result.then(admit, refuse);
    // A reader may never come for the result; the failure is theirs to see, not the process's.
    this.result.catch(() => {});
    this.admitted.catch(() => {});
  }

  /** The model call this writing needs was admitted: readers may be told it is under way. */
  goAhead(): void {
    this.admit();
  }

  emit(event: WriterEvent): void {
    this.admit();
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
  }

  /** Sends what was written so far, then everything as it is written; returns an unsubscribe. */
  follow(listener: (event: WriterEvent) => void): () => void {
    for (const event of this.events) listener(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface WrittenAnalysesOptions {
  store: AnalysisStore;
  writer: AnalysisWriter;
  /** Who writes, as stored in the key: `built_in` or `model:<name>`. */
  writerKey: string;
  clock: Clock;
  log: AnalysisLog;
  /** A claim older than this is taken to be abandoned (its instance died) and taken over. */
  claimStaleMs: number;
  /** How often an instance waiting for another's writing looks again. */
  pollMs?: number;
}

/** A stored model fallback caused by an outage is written again after this. */
const retryOutageFallbackMs = 15 * 60_000;
/** Ready analyses kept in memory, so reading one again needs no database round-trip. */
const readyKept = 2_000;

const isFinal = (analysis: WrittenAnalysis) =>
  analysis.fallback !== 'timeout' && analysis.fallback !== 'model_error';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Written once, read by many. The analysis for a set of facts is read from the store when it
 * is there; otherwise one writer writes it: within this instance every opener joins the same
 * `Writing` (and follows its text as it streams), and across instances the store's unique key
 * lets one instance claim the writing while the others wait for the stored result.
 */
export class WrittenAnalyses {
  private readonly writings = new Map<string, Writing>();
  /** Analyses that will not change, by key, oldest first. */
  private readonly ready = new Map<string, WrittenAnalysis>();
  private readonly pollMs: number;

  constructor(private readonly options: WrittenAnalysesOptions) {
    this.pollMs = options.pollMs ?? 250;
  }

  keyOf(facts: AnalysisFacts): AnalysisKey {
    return {
      symbol: facts.security.symbol,
      dataDate: facts.dataDate,
      factsHash: factsHash(facts),
      writer: this.options.writerKey,
    };
  }

  /** The stored analysis for these facts, when one is ready; never writes. */
  async stored(facts: AnalysisFacts): Promise<WrittenAnalysis | null> {
    const key = this.keyOf(facts);
    const kept = this.ready.get(JSON.stringify(key));
    if (kept) return kept;
    return (await this.options.store.find(key))?.analysis ?? null;
  }

  /**
   * The analysis for these facts, as it is being written or read. `startCall` takes the place
   * of a model call for the opener (ModelCallGate.begin) when this open is the one that has
   * the analysis written: one call, counted once, whoever joins; a refusal fails this writing,
   * or, for a rewrite of an outage's stand-in, leaves the stand-in readable.
   */
  open(facts: AnalysisFacts, startCall?: () => Promise<ModelCall>): Writing {
    const key = this.keyOf(facts);
    const id = JSON.stringify(key);
    const kept = this.ready.get(id);
    if (kept) {
      return new Writing(async (own) => {
        replay(kept, own);
        return kept;
      });
    }
    let writing = this.writings.get(id);
    if (!writing) {
      const started = new Writing(async (own) => {
        const analysis = await this.produce(key, facts, own, startCall);
        if (isFinal(analysis)) this.keep(id, analysis);
        return analysis;
      });
      writing = started;
      this.writings.set(id, started);
      started.result.finally(() => this.writings.delete(id)).catch(() => {});
    }
    return writing;
  }

  private keep(id: string, analysis: WrittenAnalysis): void {
    this.ready.set(id, analysis);
    if (this.ready.size > readyKept) {
      const oldest = this.ready.keys().next().value;
      if (oldest !== undefined) this.ready.delete(oldest);
    }
  }

  private async produce(
    key: AnalysisKey,
    facts: AnalysisFacts,
    writing: Writing,
    startCall: (() => Promise<ModelCall>) | undefined,
  ): Promise<WrittenAnalysis> {
    const { store, clock, claimStaleMs } = this.options;
    for (;;) {
      const found = await store.find(key);
      if (found?.analysis) {
        if (await this.claimedRetry(key, found)) {
          try {
            return await this.write(key, facts, writing, startCall);
          } catch (error) {
            // No model call for this reader now: the stand-in stays, to be rewritten later.
            if (!(error instanceof AppError && error.statusCode === 429)) throw error;
            replay(found.analysis, writing);
            return found.analysis;
          }
        }
        // Ready, or being written again elsewhere while the earlier text stays readable.
        replay(found.analysis, writing);
        return found.analysis;
      }
      const now = clock();
      if (await store.claim(key, now, new Date(now.getTime() - claimStaleMs))) {
        return this.write(key, facts, writing, startCall);
      }
      // Another instance is writing it (no call of ours): its result will be in the store.
      writing.goAhead();
      await sleep(this.pollMs);
    }
  }

  /**
   * A built-in text that stood in during a model outage is written again, by one reader, once
   * the outage may be over; true when this reader claimed that.
   */
  private async claimedRetry(key: AnalysisKey, found: StoredAnalysis): Promise<boolean> {
    const fallback = found.analysis?.fallback;
    if (found.status !== 'ready' || (fallback !== 'timeout' && fallback !== 'model_error')) {
      return false;
    }
    const now = this.options.clock();
    return this.options.store.claimRetry(key, now, new Date(now.getTime() - retryOutageFallbackMs));
  }

  private async write(
    key: AnalysisKey,
    facts: AnalysisFacts,
    writing: Writing,
    startCall: (() => Promise<ModelCall>) | undefined,
  ): Promise<WrittenAnalysis> {
    const { store, writer, clock, log } = this.options;
    let call: ModelCall | undefined;
    let writingStarted = false;
    try {
      call = await startCall?.();
      writingStarted = true;
      writing.goAhead();
      const analysis = await writer.write(facts, { emit: (event) => writing.emit(event) });
      await store.complete(key, analysis, analysis.fallback, clock());
      return analysis;
    } catch (error) {
      // A refused model call is the opener's answer, not a failure to log.
      if (writingStarted) {
        log.warn(
          { event: 'analysis_write_failed', symbol: key.symbol, error: String(error) },
          'Writing an analysis failed',
        );
      }
      await store.release(key, clock()).catch(() => {});
      throw error;
    } finally {
      call?.end();
    }
  }
}

/** Sends a stored analysis's text to the readers in one piece. */
function replay(analysis: WrittenAnalysis, writing: Writing): void {
  const text = analysis.sections
    .map((section, index) => sectionText(section.key, section.text, index === 0))
    .join('');
  writing.emit({ type: 'text', text });
}
