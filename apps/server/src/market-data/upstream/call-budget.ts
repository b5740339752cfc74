import type { CallLimit } from './upstream.ts';

/**
 * Upstream calls allowed so far: a sliding log of call times checked against every limit, so
 * no window of any limit's length ever holds more calls than the provider allows.
 */
export class CallBudget {
  private readonly calls: number[] = [];
  private readonly longestWindow: number;

  constructor(
    readonly limits: readonly CallLimit[],
    private readonly now: () => number,
  ) {
    this.longestWindow = Math.max(0, ...limits.map((limit) => limit.perMs));
  }

  /**
   * Spends one call if every limit has room; false means "do not call now". `leave` keeps
   * that share of every limit free for other callers (a background refresher leaves room for
   * a user who is waiting).
   */
  tryTake(leave = 0): boolean {
    if (this.limits.length === 0) return true;
    const now = this.now();
    this.forgetBefore(now - this.longestWindow);
    for (const limit of this.limits) {
      const allowed = limit.calls - Math.ceil(limit.calls * leave);
      if (this.callsSince(now - limit.perMs) >= allowed) return false;
    }
    this.calls.push(now);
    return true;
  }

  /** Calls made in the last `windowMs` (at most the longest limit's window is remembered). */
  used(windowMs: number): number {
    return this.callsSince(this.now() - windowMs);
  }

  /** The calls any minute may hold under the limits of a minute or less; null when none. */
  get callsPerMinute(): number | null {
    const short = this.limits.filter((limit) => limit.perMs <= 60_000);
    if (short.length === 0) return null;
    return Math.min(...short.map((limit) => Math.floor((limit.calls * 60_000) / limit.perMs)));
  }

  private forgetBefore(time: number): void {
    let drop = 0;
    while (drop < this.calls.length && this.calls[drop]! <= time) drop += 1;
    if (drop > 0) this.calls.splice(0, drop);
  }

  private callsSince(since: number): number {
    let count = 0;
    for (let index = this.calls.length - 1; index >= 0 && this.calls[index]! > since; index -= 1) {
      count += 1;
    }
    return count;
  }
}
