import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { testConfig, testDeps } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** The timers now keeping the process alive (unref'ed ones are not counted by Node). */
function liveTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

it('runs every periodic loop on the app scheduler, and closing the app stops them all', async () => {
  folder = mkdtempSync(join(tmpdir(), 'tickerwise-shutdown-'));
  const timersBefore = liveTimers();
  // An embedded database in a folder, with the background jobs on: every kind of loop runs.
  const app = await buildApp(
    testConfig({ dataDir: join(folder, 'data'), backgroundJobs: true }),
    testDeps({}),
  );
  await app.ready();
  expect(app.scheduler.names()).toEqual(
    expect.arrayContaining([
      'database log flush',
      'database checkpoint',
      'planner statistics',
      'billing sweep',
      'usage clean-up',
      'analysis clean-up',
      'alert bars',
      'stream heartbeat',
      'live plan recheck',
    ]),
  );
  await app.close();
  expect(app.scheduler.names()).toEqual([]);
  expect(liveTimers()).toBeLessThanOrEqual(timersBefore);
}, 60_000);
