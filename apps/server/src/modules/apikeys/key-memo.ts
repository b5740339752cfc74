import type { SubscriptionTier } from '@tickerwise/shared';

/** A key found in the database, and what its owner's plan is. */
export interface KnownKey {
  keyId: string;
  userId: string;
  tier: SubscriptionTier;
  /** Milliseconds since the epoch; null when never used. */
  lastUsedAt: number | null;
}

interface Entry {
  key: KnownKey;
  expiresAt: number;
}

/**
 * Remembers keys found in the database for a few seconds (under the hash of their secret), so
 * that a script calling the API in a loop costs no lookup per request. The database announces
 * every revoked key and every plan change (`api_access_changed`), and each instance forgets
 * that user's keys at once; only while announcements cannot arrive does an entry lapse by
 * itself, within `ttlMs`.
 *
 * A lookup that was under way while a key was forgotten must not put it back: `epoch()` is
 * read before the lookup, and `remember` keeps nothing when a forget happened in between.
 */
export class ApiKeyMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByUser = new Map<string, Set<string>>();
  private forgets = 0;

  /** `now`: the app's clock, in milliseconds since the epoch. */
  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(hash: string): KnownKey | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.drop(hash, entry.key.userId);
      return undefined;
    }
    return entry.key;
  }

  /** A mark to hand to `remember` after a lookup that started now. */
  epoch(): number {
    return this.forgets;
  }

  remember(hash: string, key: KnownKey, epoch: number): void {
    if (epoch !== this.forgets) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].key.userId);
    }
    this.entries.set(hash, { key, expiresAt: this.now() + this.ttlMs });
    let hashes = this.hashesByUser.get(key.userId);
    if (!hashes) {
      hashes = new Set();
      this.hashesByUser.set(key.userId, hashes);
    }
    hashes.add(hash);
  }

  /** The user's keys or plan changed: look them up afresh. */
  forgetUser(userId: string): void {
    this.forgets += 1;
    for (const hash of this.hashesByUser.get(userId) ?? []) this.entries.delete(hash);
    this.hashesByUser.delete(userId);
  }

  /** Announcements may have been missed: forget everything. */
  clear(): void {
    this.forgets += 1;
    this.entries.clear();
    this.hashesByUser.clear();
  }

  private drop(hash: string, userId: string): void {
    this.entries.delete(hash);
    const hashes = this.hashesByUser.get(userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.hashesByUser.delete(userId);
  }
}
