import { setTimeout as sleep, setImmediate as yieldToEvents } from 'node:timers/promises';

/**
 * Paces a long background pass (docs/ARCHITECTURE.md, "Periodic work"): the pass calls
 * `step()` after each unit of work, and once it has been busy for a slice it rests long enough
 * to have used at most `share` of the event loop since its last rest. Between slices it only
 * lets waiting callbacks run. On the embedded database every query of the pass also runs on
 * this thread, so without rests a pass over the whole universe held requests back for seconds.
 */
export interface PacerOptions {
  /** The most of the event loop the pass may use, between 0 (exclusive) and 1. */
  share: number;
  /** Busy time after which the pass rests (ms). */
  sliceMs?: number;
  /** Wall time in ms (`performance.now()`); tests pass their own. */
  now?: () => number;
  /** Ends a rest at once (the app is closing): the pass then sees it should stop. */
  signal?: AbortSignal;
  /** Waits `ms`; tests pass their own. */
  rest?: (ms: number) => Promise<unknown>;
  /** Lets waiting callbacks run; tests pass their own. */
  yield?: () => Promise<unknown>;
}

export class Pacer {
  private readonly share: number;
  private readonly sliceMs: number;
  private readonly now: () => number;
  private readonly rest: (ms: number) => Promise<unknown>;
  private readonly yield: () => Promise<unknown>;
  private busySince: number;
  /** Time rested so far, for a caller's log line. */
  rested = 0;

  constructor(options: PacerOptions) {
    if (!(options.share > 0 && options.share <= 1)) {
      throw new RangeError(`a pacer's share must be in (0, 1], not ${options.share}`);
    }
    this.share = options.share;
    this.sliceMs = options.sliceMs ?? 5;
    this.now = options.now ?? (() => performance.now());
    const { signal } = options;
    this.rest =
      options.rest ??
      ((ms) =>
        signal?.aborted
          ? Promise.resolve()
          : sleep(ms, undefined, { ref: false, signal }).catch(() => undefined));
    this.yield = options.yield ?? (() => yieldToEvents());
    this.busySince = this.now();
  }

  /** After a unit of work: rests when a slice is used up, otherwise only yields. */
  async step(): Promise<void> {
    const busy = this.now() - this.busySince;
    if (busy >= this.sliceMs && this.share < 1) {
      const ms = (busy * (1 - this.share)) / this.share;
      this.rested += ms;
      await this.rest(ms);
    } else {
      await this.yield();
      if (busy < this.sliceMs) return;
    }
    this.busySince = this.now();
  }
}
