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
 */
export class PriorityGate {
  private busy = false;
  private readonly foreground: Waiter[] = [];
  private readonly background: Waiter[] = [];
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private readonly isBackground: () => boolean;
  /** Units that waited for the connection, by lane (for tests and `/metrics`). */
  readonly waited = { foreground: 0, background: 0 };

  constructor(
    options: { maxWaitMs?: number; now?: () => number; isBackground?: () => boolean } = {},
  ) {
    this.maxWaitMs = options.maxWaitMs ?? backgroundMaxWaitMs;
    this.now = options.now ?? (() => performance.now());
    this.isBackground = options.isBackground ?? isBackground;
  }

  async run<T>(unit: () => Promise<T>): Promise<T> {
    if (this.busy) {
      const queue = this.isBackground() ? this.background : this.foreground;
      this.waited[queue === this.background ? 'background' : 'foreground'] += 1;
      // `release` hands the connection over without freeing it: nobody slips in between.
      await new Promise<void>((go) => queue.push({ go, since: this.now() }));
    } else {
      this.busy = true;
    }
    try {
      return await unit();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const oldest = this.background[0];
    const next =
      oldest && this.now() - oldest.since >= this.maxWaitMs
        ? this.background.shift()
        : (this.foreground.shift() ?? this.background.shift());
    if (next) next.go();
    else this.busy = false;
  }
}
