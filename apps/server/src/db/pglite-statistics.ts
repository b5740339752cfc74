/**
 * Keeps the planner's statistics of PGlite tables current. PostgreSQL's autovacuum daemon
 * re-analyses a table once enough of its rows changed; PGlite runs PostgreSQL in a single
 * process without that daemon, so a table filled after its creation (alerts by the
 * hundred thousand) kept the statistics of an empty one, and the planner chose plans made for
 * a handful of rows: firing 150 alerts took over ten seconds instead of tens of milliseconds.
 * So the same rule autovacuum applies is applied here: a table is analysed once more than
 * 50 rows plus 10 % of its rows changed since its last analysis.
 */
import type { ScheduledLoop, Scheduler } from '../lifecycle/scheduler.ts';

export interface StatisticsOptions {
  everyMs: number;
  /** Runs one query on the database (through its single connection) and returns its rows. */
  query: (sql: string) => Promise<{ rows: unknown[] }>;
  onError: (error: unknown) => void;
}

export const defaultStatistics = { everyMs: 60_000 } as const;

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const analyzeThreshold = 50;
const analyzeScaleFactor = 0.1;

/**
 * Tables where more rows changed than that since their last analysis, by the change counts of
 * this run, and, as those counts are not kept across restarts, tables never analysed or grown
 * by more than that share of their pages since (the size the catalog recorded then).
 */
const staleTablesSql = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_stat_user_tables s on s.relid = c.oid
  where c.relkind in ('r', 'p')
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg_toast%'
    and (
      s.n_mod_since_analyze > ${analyzeThreshold} + ${analyzeScaleFactor} * greatest(s.n_live_tup, 0)
      or (
        pg_relation_size(c.oid) > 0
        and (
          c.reltuples < 0
          or pg_relation_size(c.oid) / current_setting('block_size')::int
            > ${1 + analyzeScaleFactor} * c.relpages + 8
        )
      )
    )
  order by name`;

export class PgliteStatistics {
  private loop: ScheduledLoop | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: StatisticsOptions) {}

  /** Runs a pass every `everyMs` on `scheduler` (the app's, or the database's own). */
  start(scheduler: Scheduler): void {
    this.loop = scheduler.every('planner statistics', this.options.everyMs, () => {
      this.running = this.running.then(() => this.refresh()).catch(this.options.onError);
      return this.running;
    });
  }

  /** Stops the loop and waits for a pass under way. */
  async stop(): Promise<void> {
    this.loop?.stop();
    await this.running.catch(() => {});
  }

  /** Analyses every table whose statistics are stale; returns their names. */
  async refresh(): Promise<string[]> {
    // Counts of changes reach pg_stat_user_tables at most once a second: take the latest.
    await this.options.query('select pg_stat_force_next_flush()');
    const { rows } = await this.options.query(staleTablesSql);
    const names = (rows as { name: string }[]).map((row) => row.name);
    for (const name of names) await this.options.query(`ANALYZE ${name}`);
    return names;
  }
}
