import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { Scheduler } from '../../lifecycle/scheduler.ts';
import { type Job, JobQueue } from './job-queue.ts';
import { type JobBatchHandler, type JobHandler, JobRunner } from './job-runner.ts';

const silentLog = { warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job queue shared by instances', () => {
  let test: TestDatabase;
  /** A second connection to the same database, as another instance has (PGlite: the same). */
  let other: Database;

  beforeAll(async () => {
    test = await createTestDatabase();
    other = test.url
      ? await openDatabase({ databaseUrl: test.url, migrate: false })
      : test.database;
  });
  afterAll(async () => {
    if (other !== test.database) await other.close();
    await test.destroy();
  });

  it('adds a job once per name and key, however many instances schedule it', async () => {
    const first = new JobQueue(test.database.db);
    const second = new JobQueue(other.db);
    const added = await Promise.all([
      first.enqueue('report', '2026-03-13'),
      second.enqueue('report', '2026-03-13'),
      first.enqueue('report', '2026-03-13'),
    ]);
    expect(added.filter(Boolean)).toHaveLength(1);
    const rows = await test.database.db.select().from(jobs).where(eq(jobs.name, 'report'));
    expect(rows).toHaveLength(1);
  });

  it('runs a due job on exactly one of two competing instances', async () => {
    let runs = 0;
    const handler: JobHandler = async () => {
      runs += 1;
      // Long enough that both instances look for the job while it runs.
      await sleep(100);
      return { done: true };
    };
    const runners = [test.database, other].map(
      (database) =>
        new JobRunner({
          queue: new JobQueue(database.db),
          handlers: { 'refresh.once': handler },
          log: silentLog,
        }),
    );
    await new JobQueue(test.database.db).enqueue('refresh.once', '2026-03-13');
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs).toBe(1);
    expect(ran.sort()).toEqual([0, 1]);
    const [row] = await test.database.db.select().from(jobs).where(eq(jobs.name, 'refresh.once'));
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
  });

  it('gives a job whose worker died to another instance once its lease has run out', async () => {
    let now = Date.parse('2026-03-16T12:00:00Z');
    const crashed = new JobQueue(test.database.db, () => now);
    const survivor = new JobQueue(other.db, () => now);
    await crashed.enqueue('lease.test', 'a', {}, now - 1);
    const taken = await crashed.take(['lease.test'], 60_000);
    expect(taken?.attempts).toBe(1);
    expect(await survivor.take(['lease.test'])).toBeUndefined();
    now += 60_001;
    const retaken = await survivor.take(['lease.test']);
    expect(retaken).toMatchObject({ key: 'a', attempts: 2 });
    await survivor.complete(retaken!);
    // The worker that died cannot mark it afterwards.
    await crashed.complete(taken!);
    const [row] = await test.database.db.select().from(jobs).where(eq(jobs.name, 'lease.test'));
    expect(row?.lockedBy).toBeNull();
  });

  it('lets one instance at a time claim work done on demand, the others waiting for its release', async () => {
    let now = Date.parse('2026-03-16T12:00:00Z');
    const first = new JobQueue(test.database.db, () => now);
    const second = new JobQueue(other.db, () => now);
    expect(await first.claim('fetch.once', 'KO', 60_000)).toBe(true);
    expect(await second.claim('fetch.once', 'KO', 60_000)).toBe(false);
    // The other instance waits; a short wait runs out while the claim is held.
    expect(await second.waitForRelease('fetch.once', 'KO', { timeoutMs: 50, pollMs: 10 })).toBe(
      false,
    );
    const waiting = second.waitForRelease('fetch.once', 'KO', { timeoutMs: 5_000, pollMs: 10 });
    // Only the holder's release ends the claim.
    await second.release('fetch.once', 'KO');
    await first.release('fetch.once', 'KO');
    expect(await waiting).toBe(true);
    const [row] = await test.database.db.select().from(jobs).where(eq(jobs.name, 'fetch.once'));
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
    // A claim whose holder died is taken over once its lease has run out.
    expect(await first.claim('fetch.once', 'KO', 60_000)).toBe(true);
    expect(await second.claim('fetch.once', 'KO', 60_000)).toBe(false);
    now += 60_001;
    expect(await second.claim('fetch.once', 'KO', 60_000)).toBe(true);
  });

  it('retries a failing job later and marks it failed after the last attempt', async () => {
    let now = Date.parse('2026-03-16T12:00:00Z');
    const queue = new JobQueue(test.database.db, () => now);
    const runner = new JobRunner({
      queue,
      handlers: {
        'always.fails': async () => {
          throw new Error('source down');
        },
      },
      log: silentLog,
      now: () => now,
      maxFailures: 2,
    });
    await queue.enqueue('always.fails', 'x', {}, now);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    now += 5 * 60_000;
    expect(await runner.runDue()).toBe(1);
    const [row] = await test.database.db.select().from(jobs).where(eq(jobs.name, 'always.fails'));
    expect(row).toMatchObject({ state: 'failed', attempts: 2, lastError: 'source down' });
  });
  it('runs jobs in batches, each job on one of two competing instances, with an outcome each', async () => {
    let now = Date.parse('2026-03-17T12:00:00Z');
    const seen: string[] = [];
    const sizes: number[] = [];
    const batch: JobBatchHandler = {
      size: 4,
      async run(taken: readonly Job[]) {
        sizes.push(taken.length);
        seen.push(...taken.map((job) => job.key));
        await sleep(50);
        // Key 3 asks to run again in a minute; the others are done.
        return taken.map((job) =>
          job.key === '3'
            ? { done: false as const, retryAt: now + 60_000, reason: 'later' }
            : { done: true as const },
        );
      },
    };
    const runners = [test.database, other].map(
      (database) =>
        new JobRunner({
          queue: new JobQueue(database.db, () => now),
          handlers: {},
          batchHandlers: { 'send.batch': batch },
          log: silentLog,
          now: () => now,
        }),
    );
    const queue = new JobQueue(test.database.db, () => now);
    for (let key = 0; key < 10; key++) await queue.enqueue('send.batch', String(key), {}, now);
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran[0]! + ran[1]!).toBe(10);
    expect(seen.sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(Math.max(...sizes)).toBe(4);
    const rows = await test.database.db.select().from(jobs).where(eq(jobs.name, 'send.batch'));
    expect(rows.filter((row) => row.state === 'done')).toHaveLength(9);
    const again = rows.find((row) => row.key === '3');
    expect(again).toMatchObject({ state: 'queued', lastError: 'later', lockedBy: null });
    expect(again!.runAt.getTime()).toBe(now + 60_000);
    // Its time come, it runs again alone.
    now += 60_000;
    expect(await runners[0]!.runDue()).toBe(1);
    expect(seen.filter((key) => key === '3')).toHaveLength(2);
  });

  it('puts a whole batch back for later when its handler throws', async () => {
    let now = Date.parse('2026-03-18T12:00:00Z');
    const queue = new JobQueue(test.database.db, () => now);
    const runner = new JobRunner({
      queue,
      handlers: {},
      batchHandlers: {
        'batch.fails': {
          size: 5,
          run: async () => {
            throw new Error('relay down');
          },
        },
      },
      log: silentLog,
      now: () => now,
    });
    for (const key of ['a', 'b']) await queue.enqueue('batch.fails', key, {}, now);
    expect(await runner.runDue()).toBe(2);
    expect(await runner.runDue()).toBe(0);
    const rows = await test.database.db.select().from(jobs).where(eq(jobs.name, 'batch.fails'));
    expect(rows.map((row) => row.state)).toEqual(['queued', 'queued']);
    expect(rows.map((row) => row.lastError)).toEqual(['relay down', 'relay down']);
    now += 5 * 60_000;
    expect(await runner.runDue()).toBe(2);
  });

  it('finishes the job under way when its instance stops, within the grace', async () => {
    const scheduler = new Scheduler({ error: () => {} });
    const queue = new JobQueue(test.database.db);
    await queue.enqueue('stop.short', 'one');
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const runner = new JobRunner({
      queue,
      handlers: {
        'stop.short': async () => {
          started();
          await sleep(200);
          return { done: true };
        },
      },
      log: silentLog,
      pollMs: 60_000,
      stopGraceMs: 5_000,
    });
    runner.start(scheduler);
    await running;
    await scheduler.stop();
    const [row] = await test.database.db.select().from(jobs).where(eq(jobs.name, 'stop.short'));
    expect(row).toMatchObject({ state: 'done', lockedBy: null });
  });
});
