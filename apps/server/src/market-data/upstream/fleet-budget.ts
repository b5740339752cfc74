import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { FleetBudget } from './call-budget.ts';
import type { CallLimit } from './upstream.ts';

/**
 * A provider's call limits counted for every instance on the database (docs/decisions/0072):
 * one row per provider and limit in `fleet_call_log` (`upstream:finnhub:60000`) holding the
 * time of each call the fleet made within that limit's last window. A take is ONE statement:
 * it locks the provider's rows, keeps each log's calls of the last window, and appends the new
 * calls to every log only if every limit has room for all of them; otherwise it writes
 * nothing. So the fleet never makes more than a limit's calls in ANY window of its length, not
 * only in fixed ones (a fixed window would allow twice the limit across its edge).
 *
 * Times are the instance's clock (the app's: tests move it). A call logged more than two
 * windows ahead of now (a clock set back, not the few milliseconds instances' clocks differ
 * by) is dropped. A log holds at most its limit's calls: Tiingo's 1,000 a day is its longest.
 */
export function fleetBudget(db: Db, provider: string, now: () => number): FleetBudget {
  /** The rows a take locks, made once per instance (a take cannot lock a row it inserts). */
  const made = new Set<string>();
  return {
    async take(limits: readonly CallLimit[], leave: number, calls: number): Promise<boolean> {
      const steps = limits.map((limit) => ({
        key: `upstream:${provider}:${limit.perMs}`,
        perMs: limit.perMs,
        max: limit.calls - Math.ceil(limit.calls * leave),
      }));
      if (steps.length === 0) return true;
      if (steps.some((step) => calls > step.max)) return false;
      const keys = `{${steps.map((step) => step.key).join(',')}}`;
      const missing = steps.filter((step) => !made.has(step.key));
      if (missing.length > 0) {
        await db.execute(sql`
          insert into fleet_call_log (key)
          select unnest(${`{${missing.map((step) => step.key).join(',')}}`}::text[])
          on conflict (key) do nothing`);
        for (const step of missing) made.add(step.key);
      }
      const at = now();
      const result = await db.execute(sql`
        with step as (
          select * from unnest(${keys}::text[], ${`{${steps.map((step) => step.perMs).join(',')}}`}::bigint[],
            ${`{${steps.map((step) => step.max).join(',')}}`}::int[]) as step(key, per_ms, max)
        ),
        kept as (
          select log.key, step.max,
            array(select call from unnest(log.calls) as call
                  where call > ${at}::bigint - step.per_ms and call <= ${at}::bigint + 2 * step.per_ms
                  order by call) as calls
          from fleet_call_log as log join step on step.key = log.key
          for update of log
        ),
        verdict as (
          select count(*) = ${steps.length}::int
            and coalesce(bool_and(cardinality(kept.calls) + ${calls}::int <= kept.max), false) as room
          from kept
        ),
        written as (
          update fleet_call_log as log
          set calls = kept.calls || array_fill(${at}::bigint, array[${calls}::int])
          from kept, verdict
          where verdict.room and log.key = kept.key
          returning 1
        )
        select verdict.room, (select count(*)::int from written) as written from verdict`);
      const row = rowsOf<{ room: boolean; written: number }>(result)[0];
      return row?.room === true && row.written === steps.length;
    },
  };
}
