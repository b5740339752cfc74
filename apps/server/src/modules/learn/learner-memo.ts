import type { SubscriptionTier } from '@tickerwise/shared';

/** A course a learner started: counted against the plan's allowance. */
export interface StartRow {
  courseId: string;
  startedAt: Date;
  completedAt: Date | null;
}

/** What opening a lesson and sending its quiz need of a learner. */
export interface LearnerState {
  tier: SubscriptionTier;
  /** The courses started that are still in the content. */
  starts: StartRow[];
  /** When each completed lesson was completed, by lesson id. */
  completions: Map<string, Date>;
  /** How many attempts of each lesson's quiz were kept, by lesson id. */
  attempts: Map<string, number>;
}

export interface LearnerRead {
  state: LearnerState;
  /** From the memo (it may miss a change another instance made since), not the database now. */
  remembered: boolean;
}

interface Load {
  state: Promise<LearnerState>;
  /** A change or a forget happened while it ran: its answer is not kept. */
  stale: boolean;
}

/**
 * Remembers each learner's plan, courses, completed lessons and attempts, so that opening a
 * lesson costs no statement and sending a quiz only its write. This instance's own writes are
 * applied to what it remembers once they committed; the database announces a plan change, and
 * every instance announces its learners' writes, so the others forget that learner at once;
 * only while announcements cannot arrive does an entry lapse by itself, within `ttlMs`. A
 * refusal read from the memo is checked against the database before it is given.
 */
export class LearnerMemo {
  private readonly entries = new Map<string, { state: LearnerState; expiresAt: number }>();
  private readonly loads = new Map<string, Load>();

  /** `now`: the app's clock, in milliseconds since the epoch. */
  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  /**
   * The learner's state: remembered, or loaded (by one load that the requests asking
   * meanwhile share). `fresh`: from the database now, whatever is remembered or under way.
   */
  async read(
    userId: string,
    load: () => Promise<LearnerState>,
    fresh = false,
  ): Promise<LearnerRead> {
    if (!fresh) {
      const entry = this.entries.get(userId);
      if (entry && entry.expiresAt > this.now()) return { state: entry.state, remembered: true };
      const running = this.loads.get(userId);
      if (running) return { state: await running.state, remembered: false };
    }
    const previous = this.loads.get(userId);
    // An older load answering after this one must not put its older state back.
    if (previous) previous.stale = true;
    const running: Load = { stale: false, state: load() };
    this.loads.set(userId, running);
    try {
      const state = await running.state;
      if (!running.stale) this.remember(userId, state);
      return { state, remembered: false };
    } finally {
      if (this.loads.get(userId) === running) this.loads.delete(userId);
    }
  }

  /** A write of this instance committed: `apply` brings the remembered state up to date. */
  change(userId: string, apply: (state: LearnerState) => void): void {
    this.staleLoad(userId);
    const entry = this.entries.get(userId);
    if (entry) apply(entry.state);
  }

  /** The learner changed elsewhere, or in a way not applied here: read afresh next time. */
  forget(userId: string): void {
    this.staleLoad(userId);
    this.entries.delete(userId);
  }

  /** Announcements may have been missed: forget everyone. */
  clear(): void {
    for (const load of this.loads.values()) load.stale = true;
    this.entries.clear();
  }

  private staleLoad(userId: string): void {
    const running = this.loads.get(userId);
    if (running) running.stale = true;
  }

  private remember(userId: string, state: LearnerState): void {
    this.entries.delete(userId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { state, expiresAt: this.now() + this.ttlMs });
  }
}
