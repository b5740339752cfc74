import { readFileSync } from 'node:fs';
import { expect, inject, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { openDatabase } from '../db/client.ts';
import { Scheduler } from './scheduler.ts';

/** The timers now keeping the process alive (unref'ed ones are not counted by Node). */
function liveTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

it("runs the app's periodic work on its scheduler, and closing the app stops every loop", async () => {
  const timersBefore = liveTimers();
  const testApp = await createTestApp({ config: { backgroundJobs: true } });
  const { scheduler } = testApp.app;
  expect(scheduler.names()).toEqual(
    expect.arrayContaining([
      'billing sweep',
      'usage clean-up',
      'analysis clean-up',
      'alert bars',
      'stream heartbeat',
      'live plan recheck',
      'pump guard clean-up',
      'team activity clean-up',
    ]),
  );
  await testApp.close();
  expect(scheduler.names()).toEqual([]);
  expect(liveTimers()).toBeLessThanOrEqual(timersBefore);
});

// The snapshot every PGlite test database loads (PostgreSQL runs have none, and no such loops);
// the log flush and checkpoint loops need a data folder (pglite-durability.test.ts).
const snapshot = inject('pgliteSnapshot');

it.skipIf(!snapshot)(
  "runs an embedded database's loops on the scheduler it is given, and closing stops them",
  async () => {
    const scheduler = new Scheduler({ error: () => {} });
    const database = await openDatabase({
      snapshot: new Blob([readFileSync(snapshot)]),
      migrate: false,
      scheduler,
    });
    expect(scheduler.names()).toEqual(['planner statistics']);
    await database.close();
    expect(scheduler.names()).toEqual([]);
  },
);
