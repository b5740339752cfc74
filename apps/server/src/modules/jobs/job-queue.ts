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
    const [job] = await this.takeMany(names, 1, leaseMs);
    return job;
  }

  /**
   * Takes up to `limit` due jobs of these names that no live worker holds, in one statement:
   * the most overdue first, each to this worker alone (FOR UPDATE SKIP LOCKED).
   */
  async takeMany(
    names: readonly string[],
    limit: number,
    leaseMs = defaultLeaseMs,
  ): Promise<Job[]> {
    if (names.length === 0 || limit < 1) return [];
    const now = new Date(this.now());
    const until = new Date(this.now() + leaseMs);
    const result = await this.db.execute(sql`
      update ${jobs} set state = 'running', attempts = ${jobs.attempts} + 1,
        locked_by = ${this.workerId}, locked_until = ${until}
      where ${jobs.id} in (
        select id from ${jobs}
        where name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
          and run_at <= ${now}
          and (state = 'queued' or (state = 'running' and locked_until < ${now}))
        order by run_at
        limit ${limit}
        for update skip locked
      )
      returning id, name, key, payload, attempts`);
    return rowsOf<{
      id: number | string;
      name: string;
      key: string;
      payload: Record<string, unknown>;
      attempts: number;
    }>(result)
      .map((row) => ({ ...row, id: Number(row.id) }))
      .sort((a, b) => a.id - b.id);
  }

  /**
   * Settles several of this worker's jobs in one statement each, on `db` (a transaction that
   * records their results with them): `done` are finished, `retry` are put back for their
   * time, `failed` are failed for good.
   */
  async settleMany(
    {
      done,
      retry,
      failed = [],
    }: {
      done: readonly Job[];
      retry: readonly { job: Job; retryAt: number; reason: string }[];
      failed?: readonly { job: Job; reason: string }[];
    },
    db: Db = this.db,
  ): Promise<void> {
    await this.completeMany(done, db);
    if (retry.length > 0) {
      await db.execute(sql`
        update ${jobs} set state = 'queued', run_at = later.run_at, finished_at = null,
          locked_by = null, locked_until = null, last_error = later.reason
        from jsonb_to_recordset(${JSON.stringify(
          retry.map(({ job, retryAt, reason }) => ({
            id: job.id,
            run_at: new Date(retryAt).toISOString(),
            reason: reason.slice(0, 500),
          })),
        )}::jsonb) as later(id bigint, run_at timestamptz, reason text)
        where ${jobs.id} = later.id and ${jobs.lockedBy} = ${this.workerId}`);
    }
    for (const { job, reason } of failed) await this.fail(job, reason, undefined, db);
  }

  async complete(job: Job): Promise<void> {
    await this.completeMany([job]);
  }

  /** Marks these jobs of this worker done, in one statement (on `db`: a transaction's). */
  async completeMany(done: readonly Job[], db: Db = this.db): Promise<void> {
    if (done.length === 0) return;
    await db.execute(sql`
      update ${jobs} set state = 'done', finished_at = ${new Date(this.now())},
        locked_by = null, locked_until = null, last_error = null
      where id = any(${sql.param(done.map((job) => job.id))}::bigint[])
        and locked_by = ${this.workerId}`);
  }

  /** Puts the job back for `retryAt`, or marks it failed for good when `retryAt` is undefined. */
  async fail(job: Job, error: string, retryAt?: number, db: Db = this.db): Promise<void> {
    await db.execute(sql`
      update ${jobs} set
        state = ${retryAt === undefined ? 'failed' : 'queued'},
        run_at = ${new Date(retryAt ?? this.now())},
        finished_at = ${retryAt === undefined ? new Date(this.now()) : null},
        locked_by = null, locked_until = null, last_error = ${error.slice(0, 500)}
      where id = ${job.id} and locked_by = ${this.workerId}`);
  }

  /**
   * Claims the work named (name, key) for this worker until `leaseMs` from now, unless a live
   * worker holds it: true when this worker now holds it. Work done on demand (a request that
   * needs it now), not queued: the row records who holds it, and `release` ends the claim.
   */
  async claim(name: string, key: string, leaseMs = defaultLeaseMs): Promise<boolean> {
    const now = new Date(this.now());
    const until = new Date(this.now() + leaseMs);
    const result = await this.db.execute(sql`
      insert into ${jobs} (name, key, state, locked_by, locked_until, attempts)
      values (${name}, ${key}, 'running', ${this.workerId}, ${until}, 1)
      on conflict (name, key) do update set state = 'running', locked_by = ${this.workerId},
        locked_until = ${until}, attempts = ${jobs.attempts} + 1
      where ${jobs.state} <> 'running' or ${jobs.lockedUntil} < ${now}
      returning id`);
    return rowsOf(result).length > 0;
  }

  /** Ends this worker's claim on (name, key): the work is done. */
  async release(name: string, key: string): Promise<void> {
    await this.db.execute(sql`
      update ${jobs} set state = 'done', locked_by = null, locked_until = null,
        finished_at = ${new Date(this.now())}
      where name = ${name} and key = ${key} and locked_by = ${this.workerId}`);
  }

  /**
   * Waits until no worker holds (name, key) any more, looking every `pollMs`: true once it is
   * released (or was never claimed), false when `timeoutMs` went by first.
   */
  async waitForRelease(
    name: string,
    key: string,
    { timeoutMs, pollMs = 200 }: { timeoutMs: number; pollMs?: number },
  ): Promise<boolean> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      const [row] = rowsOf<{ state: string }>(
        await this.db.execute(sql`select state from ${jobs} where name = ${name} and key = ${key}`),
      );
      if (row?.state !== 'running') return true;
    }
    return false;
  }

  /**
   * Puts back every job this worker holds, due now, so another instance takes it at once
   * instead of after its lease: what a stopping instance does with the jobs it could not
   * finish in time. How many were put back.
   */
  async releaseHeld(): Promise<number> {
    const result = await this.db.execute(sql`
      update ${jobs} set state = 'queued', run_at = ${new Date(this.now())},
        locked_by = null, locked_until = null
      where locked_by = ${this.workerId} and state = 'running'
      returning id`);
    return rowsOf(result).length;
  }

  /** Saves progress of a long job, so a worker that takes it after a crash goes on from there. */
  async saveProgress(job: Job, payload: Record<string, unknown>): Promise<void> {
    await this.db.execute(sql`
      update ${jobs} set payload = ${JSON.stringify(payload)}::jsonb
      where id = ${job.id} and locked_by = ${this.workerId}`);
  }
}
