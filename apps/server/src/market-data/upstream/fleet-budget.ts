import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { FleetBudget } from './call-budget.ts';
import type { CallLimit } from './upstream.ts';

/**
 * A provider's call limits counted for every instance on the database (docs/decisions/0072):
 * one row per provider and limit in `attempt_counter` (`upstream:finnhub:60000`), counting the
 * calls of the current fixed window of that limit's length. A take is ONE statement that counts
 * against the limits from the shortest window to the longest, each only if the one before it
 * counted and it has room; the row is locked while its room is checked, so two instances cannot
 * both take the last call. A take refused by a longer window gives back what the shorter ones
 * counted (a second statement, on that path only).
 *
 * Windows are judged on the instance's clock (the app's: tests move it), a window starting with
 * the first call after the last one ended; one whose end lies more than two of its lengths
 * ahead (a clock set back, not the few milliseconds instances' clocks differ by) starts again.
 */
export function fleetBudget(db: Db, provider: string, now: () => number): FleetBudget {
  return {
    async take(limits: readonly CallLimit[], leave: number, calls: number): Promise<boolean> {
      const steps = [...limits]
        .sort((a, b) => a.perMs - b.perMs)
        .map((limit) => ({
          key: `upstream:${provider}:${limit.perMs}`,
          perMs: limit.perMs,
          max: limit.calls - Math.ceil(limit.calls * leave),
        }));
      if (steps.length === 0) return true;
      if (steps.some((step) => calls > step.max)) return false;
      const at = now();
      const current = new Date(at).toISOString();
      const parts = steps.map((step, index) => {
        const ends = new Date(at + step.perMs).toISOString();
        const ahead = new Date(at + 2 * step.perMs).toISOString();
        const source =
          index === 0
            ? sql`values (${step.key}::text, ${calls}::int, ${ends}::timestamptz)`
            : sql`select ${step.key}::text, ${calls}::int, ${ends}::timestamptz
                  from ${sql.raw(`step_${index - 1}`)}`;
        const over = sql`(c.window_ends_at <= ${current}::timestamptz
                          or c.window_ends_at > ${ahead}::timestamptz)`;
        return sql`${sql.raw(`step_${index}`)} as (
          insert into attempt_counter as c (key, count, window_ends_at)
          ${source}
          on conflict (key) do update set
            count = case when ${over} then excluded.count else c.count + excluded.count end,
            window_ends_at = case when ${over} then excluded.window_ends_at
                                  else c.window_ends_at end
          where ${over} or c.count + excluded.count <= ${step.max}::int
          returning 1
        )`;
      });
      const counted = steps.map(
        (_step, index) =>
          sql`exists (select 1 from ${sql.raw(`step_${index}`)}) as ${sql.raw(`counted_${index}`)}`,
      );
      const result = await db.execute(
        sql`with ${sql.join(parts, sql`, `)} select ${sql.join(counted, sql`, `)}`,
      );
      const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
      const took = steps.filter((_step, index) => row[`counted_${index}`] === true);
      if (took.length === steps.length) return true;
      if (took.length > 0) {
        await db.execute(sql`
          update attempt_counter set count = greatest(count - ${calls}::int, 0)
          where key in (${sql.join(
            took.map((step) => sql`${step.key}::text`),
            sql`, `,
          )})`);
      }
      return false;
    },
  };
}
