import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { RateLimit } from '../config.ts';
import type { Db } from '../db/client.ts';

export interface LimitedKey {
  key: string;
  limit: RateLimit;
}

export type Verdict =
  | { allowed: true }
  /** `refusedBy`: the key that had no room. */
  | { allowed: false; retryAfterSeconds: number; refusedBy: string };

/** How often rows whose window has ended are deleted (per instance). */
const pruneEveryMs = 10 * 60_000;

/**
 * Counts attempts per key in fixed windows, in the database, so every instance shares the
 * counts. One attempt is checked and counted against all of its keys in ONE statement, on
 * the database's clock: concurrent attempts cannot all pass a check made before any of them
 * was counted, and instance clocks do not matter.
 */
export class AttemptLimiter {
  private lastPrune = 0;

  /** `clock`: the app's, for how often this instance prunes (the counts use the database's). */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one attempt against `keys` in order, each only if the one before it was counted
   * and it has room itself. The attempt is allowed when every key counted it. A refused
   * attempt counts only against the keys before the one that refused it, so list the keys
   * the caller owns (their own address) before shared ones (a stranger's email): hammering a
   * full key of one's own then costs nobody else anything.
   */
  async consume(keys: LimitedKey[]): Promise<Verdict> {
    if (keys.length === 0) return { allowed: true };
    await this.pruneNow();
    const steps = keys.map(({ key, limit }, index) => {
      const source =
        index === 0
          ? sql`values (${key}::text, 1, now() + make_interval(secs => ${limit.windowSeconds}::int))`
          : sql`select ${key}::text, 1, now() + make_interval(secs => ${limit.windowSeconds}::int)
                from ${sql.raw(`step_${index - 1}`)}`;
      // The row is locked while its WHERE is checked on its newest version, so two attempts
      // at once cannot both take the last place.
      return sql`${sql.raw(`step_${index}`)} as (
        insert into attempt_counter as c (key, count, window_ends_at)
        ${source}
        on conflict (key) do update set
          count = case when c.window_ends_at <= now() then 1 else c.count + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at
                                else c.window_ends_at end
        where c.window_ends_at <= now() or c.count < ${limit.max}::int
        returning 1
      )`;
    });
    const columns = keys.map(({ key }, index): SQL => {
      const step = sql.raw(`step_${index}`);
      return sql`exists (select 1 from ${step}) as ${sql.raw(`counted_${index}`)},
        (select ceil(extract(epoch from a.window_ends_at - now()))::int
           from attempt_counter a where a.key = ${key}::text) as ${sql.raw(`seconds_left_${index}`)}`;
    });
    const result = await this.db.execute(
      sql`with ${sql.join(steps, sql`, `)} select ${sql.join(columns, sql`, `)}`,
    );
    const row = rowsOf(result)[0] ?? {};
    for (const [index, { key, limit }] of keys.entries()) {
      if (row[`counted_${index}`] === true) continue;
      const left = Number(row[`seconds_left_${index}`]);
      // The snapshot may predate a window another attempt opened meanwhile: say a whole window.
      const retryAfterSeconds = Number.isFinite(left) && left > 0 ? left : limit.windowSeconds;
      return { allowed: false, retryAfterSeconds, refusedBy: key };
    }
    return { allowed: true };
  }

  /**
   * Counts many attempts at once, in one statement: attempt i against `keys[i]` in order,
   * position p limited by `limits[p]`, each key counted only if the one before it was (as
   * `consume`). Whether each attempt was allowed, in the order given. Every key must be listed
   * once (one attempt per recipient, say); attempts that share a key are counted one by one.
   */
  async consumeEach(keys: readonly string[][], limits: readonly RateLimit[]): Promise<boolean[]> {
    if (keys.length === 0 || limits.length === 0) return keys.map(() => true);
    const flat = keys.flat();
    if (
      new Set(flat).size !== flat.length ||
      keys.some((attempt) => attempt.length !== limits.length)
    ) {
      const verdicts: boolean[] = [];
      for (const attempt of keys) {
        const verdict = await this.consume(
          attempt.map((key, index) => ({ key, limit: limits[index]! })),
        );
        verdicts.push(verdict.allowed);
      }
      return verdicts;
    }
    await this.pruneNow();
    const column = (index: number) => sql.param(keys.map((attempt) => attempt[index]!));
    const columns = limits.map((_limit, index) => sql.raw(`k${index}`));
    const given = sql`given as (
      select * from unnest(${sql.join(
        limits.map((_limit, index) => sql`${column(index)}::text[]`),
        sql`, `,
      )}) as g(${sql.join(columns, sql`, `)}))`;
    const steps = limits.map((limit, index) => {
      const key = sql.raw(`g.k${index}`);
      const source =
        index === 0
          ? sql`select ${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}::int)
                from given g`
          : sql`select ${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}::int)
                from given g join ${sql.raw(`step_${index - 1}`)} s on s.key = ${sql.raw(`g.k${index - 1}`)}`;
      return sql`${sql.raw(`step_${index}`)} as (
        insert into attempt_counter as c (key, count, window_ends_at)
        ${source}
        on conflict (key) do update set
          count = case when c.window_ends_at <= now() then 1 else c.count + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at
                                else c.window_ends_at end
        where c.window_ends_at <= now() or c.count < ${limit.max}::int
        returning c.key
      )`;
    });
    const last = sql.raw(`step_${limits.length - 1}`);
    const result = await this.db.execute(
      sql`with ${given}, ${sql.join(steps, sql`, `)} select key from ${last}`,
    );
    const counted = new Set(rowsOf(result).map((row) => String(row.key)));
    return keys.map((attempt) => counted.has(attempt.at(-1)!));
  }

  /** Gives back one counted attempt per key (it turned out not to be what the limit counts). */
  async refund(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.execute(sql`
      update attempt_counter set count = greatest(count - 1, 0)
      where key in (${sql.join(
        keys.map((key) => sql`${key}::text`),
        sql`, `,
      )}) and window_ends_at > now()`);
  }

  /** Forgets the attempts of `key` altogether. */
  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from attempt_counter where key = ${key}`);
  }

  private async pruneNow(): Promise<void> {
    const now = this.clock().getTime();
    if (now - this.lastPrune < pruneEveryMs) return;
    this.lastPrune = now;
    await this.db.execute(sql`delete from attempt_counter where window_ends_at <= now()`);
  }
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (
    (result as { rows?: Record<string, unknown>[] }).rows ?? (Array.isArray(result) ? result : [])
  );
}
