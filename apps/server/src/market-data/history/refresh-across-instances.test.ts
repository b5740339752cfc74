import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig, testDeps } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { barCoverage, dailyBars, jobs } from '../../db/schema/index.ts';
import { JobQueue } from '../../modules/jobs/service.ts';
import { lastClosedSession, previousTradingDay } from '../calendar/market-calendar.ts';
import { dailyRefreshJob } from './daily-refresh.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the daily refresh with two app instances on one database', () => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let secondDatabase: Database;

  beforeAll(async () => {
    first = await createTestApp({ config: { backgroundJobs: true } });
    secondDatabase = first.db.url
      ? await openDatabase({ databaseUrl: first.db.url, migrate: false })
      : first.db.database;
    second = await buildApp(
      testConfig({ backgroundJobs: true }),
      testDeps({ database: secondDatabase }),
    );
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
