import type { MarketLog } from '../upstream/market-log.ts';

/** An answer of a source, kept with when it was fetched. */
export interface Kept<T> {
  value: T;
  fetchedAt: number;
}

export interface KeptRead<T> {
  /** The last good answer, fresh or not; undefined when there never was one. */
  kept: Kept<T> | undefined;
  /** Whether `kept` is within its time to keep (the source was not asked, or answered now). */
  fresh: boolean;
}

export interface KeptAnswersOptions {
  /** What the answers are, for the log ("company news"). */
  what: string;
  /** An answer is used without asking again for this long. */
  freshMs: number;
  /** After a failure the source is not asked again for this long (the old answer serves). */
  retryMs: number;
  /** Keys kept at most; the least recently read goes first. */
  maxEntries: number;
  now: () => number;
  log: MarketLog;
}

/**
 * Answers of an outside source kept per key (a symbol), bounded: each is fetched at most once
 * per `freshMs` however many readers ask at once (they share one call), and when the source
 * fails the last good answer is served with its date, not asked again for `retryMs`.
 */
export class KeptAnswers<T> {
  private readonly entries = new Map<string, Kept<T>>();
  private readonly failedAt = new Map<string, number>();
  private readonly pending = new Map<string, Promise<KeptRead<T>>>();

  constructor(private readonly options: KeptAnswersOptions) {}

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key`, from `load` when what is kept is not fresh. */
  read(key: string, load: () => Promise<T>): Promise<KeptRead<T>> {
    const { now, freshMs, retryMs } = this.options;
    const kept = this.entries.get(key);
    const time = now();
    if (kept && time - kept.fetchedAt < freshMs) {
      this.touch(key, kept);
      return Promise.resolve({ kept, fresh: true });
    }
    const failed = this.failedAt.get(key);
    if (failed !== undefined && time - failed < retryMs) {
      return Promise.resolve({ kept, fresh: false });
    }
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.fetch(key, load).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async fetch(key: string, load: () => Promise<T>): Promise<KeptRead<T>> {
    const { now, log, what } = this.options;
    try {
      const value = await load();
      const kept = { value, fetchedAt: now() };
      this.failedAt.delete(key);
      this.touch(key, kept);
      return { kept, fresh: true };
    } catch (error) {
      this.failedAt.set(key, now());
      if (this.failedAt.size > this.options.maxEntries) {
        const oldest = this.failedAt.keys().next().value;
        if (oldest !== undefined) this.failedAt.delete(oldest);
      }
      log.warn({ key, err: error }, `fetching ${what} failed`);
      return { kept: this.entries.get(key), fresh: false };
    }
  }

  private touch(key: string, kept: Kept<T>): void {
    this.entries.delete(key);
    this.entries.set(key, kept);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
