import { sql } from 'drizzle-orm';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Where a key stands after a request was counted (or refused). */
export interface AllowanceVerdict {
  allowed: boolean;
  limit: RateLimit;
  /** Requests left in this window (0 when refused). */
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
}

interface Bucket {
  /** Requests this instance may still let through without asking the database. */
  left: number;
  /** Every instance's count of the window, as of the last reservation. */
  usedEverywhere: number;
  windowEndsAt: number;
  /** The database had nothing left to give in this window. */
  exhausted: boolean;
}

/** At most this many requests are reserved at a time, however large the limit. */
const maxChunk = 1_000;

/**
 * The per-key rate limit of the public API, shared by every instance and never exceeded: the
 * count lives in the database (`api_key_windows`, fixed windows on the database's clock), and
 * each instance reserves a tenth of the limit at a time in one statement, then counts those
 * down in memory. A busy key therefore costs one statement per tenth of its limit, not one per
 * request. What an instance reserved and did not use is lost when the window ends, so with
 * several instances a key may be refused slightly before its limit, never after it.
 */
export class RequestAllowance {
  private readonly buckets = new Map<string, Bucket>();
  private readonly reserving = new Map<string, Promise<void>>();
  private readonly chunk: number;

  constructor(
    private readonly db: Db,
    readonly limit: RateLimit,
    /** The app's clock, in milliseconds since the epoch. */
    private readonly now: () => number,
  ) {
    this.chunk = Math.min(maxChunk, Math.max(1, Math.ceil(limit.max / 10)));
  }

  /** Counts one request of the key, or refuses it when the window's limit is reached. */
  async take(keyId: string): Promise<AllowanceVerdict> {
    for (;;) {
      const bucket = this.buckets.get(keyId);
      const now = this.now();
      if (bucket && bucket.windowEndsAt > now) {
        if (bucket.left > 0) {
          bucket.left -= 1;
          return this.verdict(true, bucket, now);
        }
        if (bucket.exhausted) return this.verdict(false, bucket, now);
      }
      // One reservation per key at a time: requests that arrive meanwhile wait for it.
      const pending = this.reserving.get(keyId);
      if (pending) {
        await pending;
        continue;
      }
      const reservation = this.reserve(keyId).finally(() => this.reserving.delete(keyId));
      this.reserving.set(keyId, reservation);
      await reservation;
    }
  }

  /** Forgets a revoked key's reservations. */
  forget(keyId: string): void {
    this.buckets.delete(keyId);
  }

  private verdict(allowed: boolean, bucket: Bucket, now: number): AllowanceVerdict {
    return {
      allowed,
      limit: this.limit,
      remaining: allowed ? Math.max(0, this.limit.max - bucket.usedEverywhere + bucket.left) : 0,
      resetSeconds: Math.max(1, Math.ceil((bucket.windowEndsAt - now) / 1000)),
    };
  }

  private dropEndedWindows(): void {
    const now = this.now();
    for (const [keyId, bucket] of this.buckets) {
      if (bucket.windowEndsAt <= now) this.buckets.delete(keyId);
    }
  }

  private async reserve(keyId: string): Promise<void> {
    const { max, windowSeconds } = this.limit;
    const first = Math.min(this.chunk, max);
    // Every SET expression reads the row as it was, locked: `last_grant` is exactly what this
    // statement handed out, however many instances reserve at once.
    const result = await this.db.execute(sql`
      insert into api_key_windows as w (key_id, window_ends_at, used, last_grant)
      values (${keyId}::uuid, now() + make_interval(secs => ${windowSeconds}::int), ${first}::int, ${first}::int)
      on conflict (key_id) do update set
        used = case when w.window_ends_at <= now() then ${first}::int
                    else least(w.used + ${this.chunk}::int, ${max}::int) end,
        last_grant = case when w.window_ends_at <= now() then ${first}::int
                          else least(w.used + ${this.chunk}::int, ${max}::int) - w.used end,
        window_ends_at = case when w.window_ends_at <= now() then excluded.window_ends_at
                              else w.window_ends_at end
      returning used, last_grant,
        ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ms_left`);
    const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
    const row = rows[0] ?? (Array.isArray(result) ? (result[0] as Record<string, unknown>) : {});
    if (this.buckets.size >= 10_000) this.dropEndedWindows();
    const granted = Number(row.last_grant);
    const msLeft = Math.max(1, Number(row.ms_left));
    this.buckets.set(keyId, {
      left: granted,
      usedEverywhere: Number(row.used),
      windowEndsAt: this.now() + msLeft,
      exhausted: granted === 0,
    });
  }
}
