import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { jobs } from '../../db/schema/index.ts';

export interface Job {
  id: number;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** How long a taken job belongs to its worker; after that another instance may take it. */
export const defaultLeaseMs = 10 * 60_000;

/**
 * A PostgreSQL-backed queue on the `jobs` table, the same on PGlite and PostgreSQL:
 * enqueueing is idempotent per (name, key), and taking uses FOR UPDATE SKIP LOCKED so two
 * instances never take the same job. A worker that dies leaves its job to be taken again once
 * the lease runs out.
 */
export class JobQueue {
  readonly workerId = randomBytes(6).toString('hex');

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds a job unless one with the same name and key exists; true when it was added. */
  async enqueue(
    name: string,
    key: string,
    payload: Record<string, unknown> = {},
    runAt: number = this.now(),
  ): Promise<boolean> {
    const added = await this.db
      .insert(jobs)
      .values({ name, key, payload, runAt: new Date(runAt) })
      .onConflictDoNothing({ target: [jobs.name, jobs.key] })
      .returning({ id: jobs.id });
    return added.length > 0;
  }

  /** Takes the most overdue job of these names that no live worker holds, or undefined. */
  async take(names: readonly string[], leaseMs = defaultLeaseMs): Promise<Job | undefined> {
    if (names.length === 0) return undefined;
    const now = new Date(this.now());
    const until = new Date(this.now() + leaseMs);
    const result = await this.db.execute(sql`
      update ${jobs} set state = 'running', attempts = ${jobs.attempts} + 1,
        locked_by = ${this.workerId}, locked_until = ${until}
      where ${jobs.id} = (
        select id from ${jobs}
        where name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
          and run_at <= ${now}
          and (state = 'queued' or (state = 'running' and locked_until < ${now}))
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, name, key, payload, attempts`);
    const [row] = rowsOf<{
      id: number | string;
      name: string;
      key: string;
      payload: Record<string, unknown>;
      attempts: number;
    }>(result);
    if (!row) return undefined;
    return { ...row, id: Number(row.id) };
  }

  async complete(job: Job): Promise<void> {
    await this.db.execute(sql`
      update ${jobs} set state = 'done', finished_at = ${new Date(this.now())},
        locked_by = null, locked_until = null, last_error = null
      where id = ${job.id} and locked_by = ${this.workerId}`);
  }

  /** Puts the job back for `retryAt`, or marks it failed for good when `retryAt` is undefined. */
  async fail(job: Job, error: string, retryAt?: number): Promise<void> {
    await this.db.execute(sql`
      update ${jobs} set
        state = ${retryAt === undefined ? 'failed' : 'queued'},
        run_at = ${new Date(retryAt ?? this.now())},
        finished_at = ${retryAt === undefined ? new Date(this.now()) : null},
        locked_by = null, locked_until = null, last_error = ${error.slice(0, 500)}
      where id = ${job.id} and locked_by = ${this.workerId}`);
  }

  /** Saves progress of a long job, so a worker that takes it after a crash goes on from there. */
  async saveProgress(job: Job, payload: Record<string, unknown>): Promise<void> {
    await this.db.execute(sql`
      update ${jobs} set payload = ${JSON.stringify(payload)}::jsonb
      where id = ${job.id} and locked_by = ${this.workerId}`);
  }
}
