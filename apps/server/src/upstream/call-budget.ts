import type { CallLimit } from './upstream.ts';

/**
 * Upstream calls allowed so far: a sliding log of call times checked against every limit, so
 * no window of any limit's length ever holds more calls than the provider allows.
 */
export class CallBudget {
  private readonly calls: number[] = [];
  private readonly longestWindow: number;

  constructor(
    private readonly limits: readonly CallLimit[],
    private readonly now: () => number,
  ) {
    this.longestWindow = Math.max(0, ...limits.map((limit) => limit.perMs));
  }

  /** Spends one call if every limit has room; false means "do not call now". */
  tryTake(): boolean {
    if (this.limits.length === 0) return true;
    const now = this.now();
    while (this.calls.length > 0 && this.calls[0]! <= now - this.longestWindow) this.calls.shift();
    for (const limit of this.limits) {
      const since = now - limit.perMs;
      let inWindow = 0;
      for (
        let index = this.calls.length - 1;
        index >= 0 && this.calls[index]! > since;
        index -= 1
      ) {
        inWindow += 1;
      }
      if (inWindow >= limit.calls) return false;
    }
    this.calls.push(now);
    return true;
  }
}
