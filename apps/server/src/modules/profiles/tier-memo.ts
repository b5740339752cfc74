import type { SubscriptionTier } from '@tickerwise/shared';

/**
 * Remembers users' plans, so that a route asked many times a second (a price list, whose
 * freshness depends on the plan) costs no lookup per request. The database announces every
 * plan change (`api_access_changed`, trigger `announce_api_access_change`, migration 0012) and
 * each instance forgets that user at once; only while announcements cannot arrive does an
 * entry lapse by itself, within `ttlMs`.
 *
 * A lookup that was under way while a user was forgotten must not put the old plan back:
 * `epoch()` is read before the lookup, and `remember` keeps nothing when a forget happened in
 * between.
 */
export class TierMemo {
  private readonly entries = new Map<string, { tier: SubscriptionTier; expiresAt: number }>();
  private forgets = 0;

  /** `now`: the app's clock, in milliseconds since the epoch. */
  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(userId: string): SubscriptionTier | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.tier;
  }

  /** A mark to hand to `remember` after a lookup that started now. */
  epoch(): number {
    return this.forgets;
  }

  remember(userId: string, tier: SubscriptionTier, epoch: number): void {
    if (epoch !== this.forgets) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { tier, expiresAt: this.now() + this.ttlMs });
  }

  /** The user's plan changed: look it up afresh. */
  forgetUser(userId: string): void {
    this.forgets += 1;
    this.entries.delete(userId);
  }

  /** Announcements may have been missed: forget everything. */
  clear(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}
