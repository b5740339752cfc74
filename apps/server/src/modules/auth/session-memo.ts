import { hash } from 'node:crypto';

/**
 * What is kept and announced for a session: the SHA-256 of its token, in hex, never the token
 * itself. The database computes the same when a session row is deleted (`session-ends.ts`).
 */
export function sessionKey(token: string): string {
  // The one-shot form: every signed-in request hashes its cookie, and a Hash object per call
  // costs several times the digest itself.
  return hash('sha256', token, 'hex');
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * Remembers a verified session for a few seconds, so a signed-in page polling the API does not
 * cost a database lookup per request. Every session that ends (signed out, revoked, replaced on
 * a password change, expired, its user deleted) is announced by the database and forgotten at
 * once on every instance; only while that announcement cannot arrive does an entry lapse on
 * its own, within `ttlMs`.
 */
export class SessionMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private forgets = 0;

  /** `now`: the app's clock, in milliseconds since the epoch. */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** A mark to hand to `set` after a lookup that started now. */
  epoch(): number {
    return this.forgets;
  }

  /**
   * Keeps `value` until the memo's TTL or the session's own expiry, whichever comes first;
   * not when a session was forgotten since `epoch` (the lookup may have read it before it ended).
   */
  set(key: string, value: T, sessionExpiresAt: number, epoch = this.forgets): void {
    if (epoch !== this.forgets) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, {
      value,
      expiresAt: Math.min(this.now() + this.ttlMs, sessionExpiresAt),
    });
  }

  forget(key: string): void {
    this.forgets += 1;
    this.entries.delete(key);
  }

  /** Forgets everything (announcements may have been missed). */
  clear(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}
