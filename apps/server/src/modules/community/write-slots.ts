import { AppError } from '../../http/errors.ts';

export interface WriteSlotLimits {
  /** Posts and replies being written at once on this instance. */
  atOnce: number;
  /** How long a post waits for its turn before it is refused (503, Retry-After). */
  waitMs: number;
}

/**
 * Four at a time leaves six of the PostgreSQL pool's ten connections to everything else; a
 * post waits up to 5 s for its turn, longer than any write takes when the server keeps up.
 */
export const defaultWriteSlots: WriteSlotLimits = { atOnce: 4, waitMs: 5_000 };

/** Seconds a refused author is asked to wait before posting again. */
const retryAfterSeconds = 5;

const busy = () =>
  new AppError(
    503,
    'community_busy',
    'Many posts are being written right now, and yours could not be written in time. Please post it again in a few seconds.',
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The bound on posts and replies being written at once on one instance (ADR 0059). A burst of
 * posts waits here, outside the database pool, in arrival order, instead of in the pool's own
 * queue in front of every reader: a page read always finds a connection. A post whose turn does
 * not come within `waitMs` is refused with 503 `community_busy` and Retry-After, untouched.
 */
export class WriteSlots {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: WriteSlotLimits = defaultWriteSlots) {}

  /** Writes running now, and writes waiting for their turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `write` when a slot is free (at once, or after waiting), and frees it after. */
  async run<T>(write: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await write();
    } finally {
      this.release();
    }
  }

  private take(): Promise<void> {
    if (this.running < this.limits.atOnce) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        // The slot passes straight from the write that ends to this one (`release`).
        start: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: undefined,
      };
      waiter.timer = setTimeout(() => {
        const place = this.waiting.indexOf(waiter);
        if (place >= 0) this.waiting.splice(place, 1);
        reject(busy());
      }, this.limits.waitMs);
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.running -= 1;
  }
}
