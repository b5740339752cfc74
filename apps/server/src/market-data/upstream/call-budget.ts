import type { CallLimit } from './upstream.ts';

/**
 * Where the calls of every instance of a fleet are counted against a provider's limits (the
 * database: `shared-call-budget.ts`). `take` counts `calls` against every limit, less the
 * `leave` share, all or none; false when one of them has no room.
 */
export interface FleetBudget {
  take(limits: readonly CallLimit[], leave: number, calls: number): Promise<boolean>;
}

/**
 * Upstream calls allowed so far: this instance's sliding log of call times checked against
 * every limit, so no window of any limit's length ever holds more of its calls than the
 * provider allows; and, with a `fleet` budget, the calls of every instance on the database
 * counted against the same limits (docs/decisions/0072).
 */
export class CallBudget {
  private readonly calls: number[] = [];
  private readonly longestWindow: number;

  constructor(
    readonly limits: readonly CallLimit[],
    private readonly now: () => number,
    private readonly fleet?: FleetBudget,
  ) {
    this.longestWindow = Math.max(0, ...limits.map((limit) => limit.perMs));
  }

  /**
   * Whether this instance's own calls leave room for `calls` more under every limit, less the
   * `leave` share (see `tryTake`). Says nothing of the other instances: a refresher that paces
   * itself checks this, then takes in earnest with `tryTake`.
   */
  hasRoom(leave = 0, calls = 1): boolean {
    if (this.limits.length === 0) return true;
    const now = this.now();
    this.forgetBefore(now - this.longestWindow);
    for (const limit of this.limits) {
      const allowed = limit.calls - Math.ceil(limit.calls * leave);
      if (this.callsSince(now - limit.perMs) + calls > allowed) return false;
    }
    return true;
  }

  /**
   * Spends `calls` calls (all or none) if every limit has room, on this instance and, with a
   * fleet budget, across the fleet; false means "do not call now". `leave` keeps that share of
   * every limit free for other callers (a background refresher leaves room for a user who is
   * waiting). Without a fleet budget it decides at once, before it returns its promise.
   */
  async tryTake(leave = 0, calls = 1): Promise<boolean> {
    if (this.limits.length === 0) return true;
    if (!this.hasRoom(leave, calls)) return false;
    const at = this.now();
    for (let index = 0; index < calls; index += 1) this.calls.push(at);
    if (!this.fleet) return true;
    const taken = await this.fleet.take(this.limits, leave, calls).catch(() => false);
    if (!taken) this.giveBack(at, calls);
    return taken;
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

  private giveBack(at: number, calls: number): void {
    let left = calls;
    for (let index = this.calls.length - 1; index >= 0 && left > 0; index -= 1) {
      if (this.calls[index] === at) {
        this.calls.splice(index, 1);
        left -= 1;
      }
    }
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
