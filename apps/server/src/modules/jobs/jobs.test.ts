import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testConfig,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { barCoverage, dailyBars, jobs } from '../../db/schema/index.ts';
import { dailyRefreshJob } from '../history/daily-refresh.ts';
import { lastClosedSession, previousTradingDay } from '../history/market-calendar.ts';
import { JobQueue } from './job-queue.ts';
import { type JobHandler, JobRunner } from './job-runner.ts';

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
});

describe('the daily refresh with two app instances on one database', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDatabase: Database;

  beforeAll(async () => {
    first = await createTestApp({ config: { backgroundJobs: true } });
    secondDatabase = first.db.url
      ? await openDatabase({ databaseUrl: first.db.url, migrate: false })
      : first.db.database;
    second = await buildApp(testConfig({ backgroundJobs: true }), { database: secondDatabase });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    if (secondDatabase !== first.db.database) await secondDatabase.close();
    await first.close();
  });

  it('brings a demanded symbol up to the last session once, whichever instance runs it', async () => {
    const { db } = first.db.database;
    const session = lastClosedSession(Date.now());
    const behind = previousTradingDay(previousTradingDay(session));
    // KO was asked for recently and its bars stop two sessions back.
    await first.app.marketData.history.state('KO');
    await db.delete(dailyBars).where(eq(dailyBars.date, session));
    await db.update(barCoverage).set({ throughDate: behind }).where(eq(barCoverage.symbol, 'KO'));
    first.app.marketData.history.forget('KO');
    const past = previousTradingDay(session);
    await new JobQueue(db).enqueue(dailyRefreshJob, past, { session: past }, Date.now() - 1_000);
    await new JobQueue(db).enqueue(dailyRefreshJob, session, { session }, Date.now() - 1_000);
    // An instance may have scheduled this session's run for later today already: make it due.
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(eq(jobs.name, dailyRefreshJob));

    const deadline = Date.now() + 15_000;
    let rows: (typeof jobs.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      rows = await db.select().from(jobs).where(eq(jobs.name, dailyRefreshJob));
      if (rows.length >= 2 && rows.every((row) => row.state === 'done')) break;
      await sleep(250);
    }
    expect(rows.map((row) => [row.key, row.state, row.attempts]).sort()).toEqual(
      [
        [past, 'done', 1],
        [session, 'done', 1],
      ].sort(),
    );
    const [coverage] = await db.select().from(barCoverage).where(eq(barCoverage.symbol, 'KO'));
    expect(coverage?.throughDate).toBe(session);
    const koBars = await db.select().from(dailyBars).where(eq(dailyBars.symbol, 'KO'));
    expect(new Set(koBars.map((bar) => bar.date)).size).toBe(koBars.length);
    expect(koBars.at(-1)).toBeDefined();
  });
});
