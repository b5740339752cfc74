import { isBackground } from '../lifecycle/background-lane.ts';

/** How long background work may wait behind requests before it goes next anyway. */
export const backgroundMaxWaitMs = 200;

interface Waiter {
  go: () => void;
  since: number;
}

/**
 * Hands the embedded database's one connection to one unit of work at a time (a statement,
 * or a whole transaction), the requests waiting first: PGlite alone serves them in arrival
 * order, so a request that arrives behind a burst of background statements (alert firings,
 * emails, the screener's refresh) waits for all of them. Background work that has waited
 * `maxWaitMs` goes next regardless, so a stream of requests cannot starve it. ADR 0074.
 *
 * A background unit takes the connection only after a turn of the event loop, never in the
 * turn it asks (ADR 0083). PGlite answers a statement without one, so a chain of background
 * statements (read, check, write) would otherwise run as one stretch of this thread: a request
 * whose bytes arrived meanwhile could not even be read before the chain ended, let alone queue
 * here. With the turn, it is read, asks, and goes first.
 */
export class PriorityGate {
  private busy = false;
  private dispatching = false;
  private readonly foreground: Waiter[] = [];
  private readonly background: Waiter[] = [];
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly isBackground: () => boolean;
  /** Units that waited for the connection, by lane (tests); background units always wait. */
  readonly waited = { foreground: 0, background: 0 };

  constructor(
    options: { maxWaitMs?: number; now?: () => number; isBackground?: () => boolean } = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? backgroundMaxWaitMs;
    this.now = options.now ?? (() => performance.now());
    this.isBackground = options.isBackground ?? isBackground;
  }

  async run<T>(unit: () => Promise<T>): Promise<T> {
    if (this.isBackground()) {
      this.waited.background += 1;
      await new Promise<void>((go) => {
        this.background.push({ go, since: this.now() });
        if (!this.busy) this.dispatchSoon();
      });
    } else if (this.busy) {
      this.waited.foreground += 1;
      await new Promise<void>((go) => this.foreground.push({ go, since: this.now() }));
    } else {
      this.busy = true;
    }
    try {
      return await unit();
    } finally {
      this.release();
    }
  }

  /**
   * Resolves once no unit holds or waits for the connection and none asked in the turn after
   * (a chain of statements asks for its next one within that turn), or after `limitMs`:
   * closing the database waits for it, so work already handed to the gate finishes on an open
   * connection instead of failing on a closed one.
   */
  async settled(limitMs = 2_000): Promise<void> {
    const until = this.now() + limitMs;
    const idle = () =>
      !this.busy &&
      !this.dispatching &&
      this.foreground.length === 0 &&
      this.background.length === 0;
    while (this.now() < until) {
      if (idle()) {
        await new Promise<void>((turn) => setImmediate(turn));
        if (idle()) return;
      } else {
        await new Promise<void>((wait) => setTimeout(wait, 1));
      }
    }
  }

  private release(): void {
    // `go` hands the connection over without freeing it: nobody slips in between.
    const next = this.overdueBackground() ?? this.foreground.shift();
    if (next) {
      next.go();
      return;
    }
    this.busy = false;
    if (this.background.length > 0) this.dispatchSoon();
  }

  /** The oldest background unit, taken off its queue, once it has waited `maxWaitMs`. */
  private overdueBackground(): Waiter | undefined {
    const oldest = this.background[0];
    return oldest && this.now() - oldest.since >= this.maxWaitMs
      ? this.background.shift()
      : undefined;
  }

  /**
   * Hands the free connection to the next background unit after a turn of the event loop: a
   * request that arrives in that turn finds the connection free and takes it first.
   */
  private dispatchSoon(): void {
    if (this.dispatching) return;
    this.dispatching = true;
    setImmediate(() => {
      this.dispatching = false;
      if (this.busy) return;
      const next = this.overdueBackground() ?? this.foreground.shift() ?? this.background.shift();
      if (!next) return;
      this.busy = true;
      next.go();
    });
  }
}
