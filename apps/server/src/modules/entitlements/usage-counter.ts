import type { Quota } from '@tickerwise/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usage } from '../../db/schema/index.ts';

export interface CounterKey {
  userId: string;
  quota: Quota;
  periodStart: Date;
}

/**
 * Counts one use, unless `limit` uses are counted already: ONE statement, so that however
 * many requests of one user arrive at once (on one instance or many), exactly `limit` of them
 * get through. The insert makes the period's row; on a conflict PostgreSQL locks that row and
 * re-checks `count < limit` on its latest version before adding one. Answers the count after
 * this use, or null when the limit was reached.
 */
export async function countUse(db: Db, key: CounterKey, limit: number): Promise<number | null> {
  if (limit <= 0) return null;
  const [row] = await db
    .insert(usage)
    .values({ ...key, count: 1 })
    .onConflictDoUpdate({
      target: [usage.userId, usage.quota, usage.periodStart],
      set: { count: sql`${usage.count} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${usage.count} < ${limit}`,
    })
    .returning({ count: usage.count });
  return row?.count ?? null;
}

/** Gives one use back (the work it paid for failed on our side). */
export async function uncountUse(db: Db, key: CounterKey): Promise<void> {
  await db
    .update(usage)
    .set({ count: sql`${usage.count} - 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(usage.userId, key.userId),
        eq(usage.quota, key.quota),
        eq(usage.periodStart, key.periodStart),
        gt(usage.count, 0),
      ),
    );
}

/** How many uses are counted in the period. */
export async function countedUses(db: Db, key: CounterKey): Promise<number> {
  const [row] = await db
    .select({ count: usage.count })
    .from(usage)
    .where(
      and(
        eq(usage.userId, key.userId),
        eq(usage.quota, key.quota),
        eq(usage.periodStart, key.periodStart),
      ),
    );
  return row?.count ?? 0;
}

/** Forgets periods that started before `before`: no limit or screen reads them any more. */
export async function forgetUsageBefore(db: Db, before: Date): Promise<void> {
  await db.delete(usage).where(sql`${usage.periodStart} < ${before}`);
}
