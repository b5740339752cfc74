import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFinnhub, startFakeFinnhub } from '../../../test/fake-finnhub.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { barCoverage, dailyBars } from '../../db/schema/index.ts';
import { JobQueue, JobRunner } from '../../modules/jobs/service.ts';
import { instantInNewYork } from '../calendar/market-calendar.ts';
import { createMarketData } from '../market-data.ts';
import { dailyRefresh, dailyRefreshJob } from './daily-refresh.ts';

const silentLog = { warn: () => {}, error: () => {} };

describe('the daily refresh on a free Finnhub key (no candles)', () => {
  let test: TestDatabase;
  let finnhub: FakeFinnhub;

  beforeAll(async () => {
    test = await createTestDatabase();
    finnhub = await startFakeFinnhub({ plan: 'free' });
  });
  afterAll(async () => {
    await finnhub.close();
    await test.destroy();
  });

  it("closes the session's bar from Finnhub's /quote once the history source cannot", async () => {
    // Wednesday 2026-03-18, 19:00 New York: the session closed at 16:00.
    let now = instantInNewYork('2026-03-18', 19 * 60);
    const data = createMarketData(
      { market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url } },
      test.database.db,
      silentLog,
      () => now,
    );
    const { db } = test.database;
    // Someone opened KO yesterday; its last stored day is Tuesday's.
    await db.insert(barCoverage).values({
      symbol: 'KO',
      source: 'finnhub',
      fromDate: '2026-03-17',
      throughDate: '2026-03-17',
      demandedAt: new Date(now - 86_400_000),
    });
    const closeOfDay = instantInNewYork('2026-03-18', 16 * 60) / 1000;
    finnhub.setQuote('KO', { c: 61.25, pc: 60.5, t: closeOfDay });

    const queue = new JobQueue(db, () => now);
    const refresh = dailyRefresh({
      queue,
      history: data.history,
      market: data.market,
      log: silentLog,
      now: () => now,
    });
    const runner = new JobRunner({
      queue,
      handlers: refresh.handlers,
      schedule: refresh.schedule,
      log: silentLog,
      now: () => now,
    });
    // The first tries wait for the history source; then the quote closes the day.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await runner.runDue();
      now += 61 * 60_000;
    }
    await runner.runDue();
    const bars = await db.select().from(dailyBars).where(eq(dailyBars.symbol, 'KO'));
    expect(bars).toEqual([
      expect.objectContaining({
        date: '2026-03-18',
        close: 61.25,
        open: 60.5,
        volume: 0,
        source: 'finnhub',
      }),
    ]);
    const [coverage] = await db.select().from(barCoverage).where(eq(barCoverage.symbol, 'KO'));
    expect(coverage?.throughDate).toBe('2026-03-18');
    const jobRows = await queue.take([dailyRefreshJob]);
    expect(jobRows).toBeUndefined();
  });
});
