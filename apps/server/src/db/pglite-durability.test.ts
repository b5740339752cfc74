import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Scheduler } from '../lifecycle/scheduler.ts';
import { PgliteDurability } from './pglite-durability.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tw-durability-'));
  folders.push(folder);
  mkdirSync(join(folder, 'pg_wal'));
  mkdirSync(join(folder, 'base', '5'), { recursive: true });
  writeFileSync(join(folder, 'pg_wal', '000000010000000000000001'), 'log');
  writeFileSync(join(folder, 'base', '5', '1259'), 'pages');
  return folder;
}

describe('flushing the embedded database to disk', () => {
  it('fsyncs the log files that changed since the last pass, and only those', async () => {
    const folder = dataFolder();
    const statements: string[] = [];
    const durability = new PgliteDurability(folder, {
      walFlushMs: 1_000,
      checkpointMs: 60_000,
      exec: async (sql) => statements.push(sql),
      onError: (error) => {
        throw error;
      },
    });
    expect(await durability.flush('pg_wal')).toBe(1);
    expect(await durability.flush('pg_wal')).toBe(0);
    const segment = join(folder, 'pg_wal', '000000010000000000000001');
    writeFileSync(segment, 'more log');
    utimesSync(segment, new Date(), new Date(Date.now() + 5_000));
    expect(await durability.flush('pg_wal')).toBe(1);
    expect(statements).toEqual([]);
  });

  it('checkpoints, then fsyncs every changed file of the folder', async () => {
    const folder = dataFolder();
    const statements: string[] = [];
    const durability = new PgliteDurability(folder, {
      walFlushMs: 1_000,
      checkpointMs: 60_000,
      exec: async (sql) => statements.push(sql),
      onError: (error) => {
        throw error;
      },
    });
    expect(await durability.flush('pg_wal')).toBe(1);
    await durability.checkpoint();
    expect(statements).toEqual(['CHECKPOINT']);
    // The checkpoint's pass took base/5 too: nothing is left to flush.
    expect(await durability.flush('')).toBe(0);
  });

  it('runs its two loops on the scheduler and reports a failed pass without stopping', async () => {
    const folder = dataFolder();
    const errors: unknown[] = [];
    let checkpoints = 0;
    const durability = new PgliteDurability(folder, {
      walFlushMs: 60_000,
      checkpointMs: 60_000,
      exec: async () => {
        checkpoints++;
        if (checkpoints === 1) throw new Error('PGlite is closing');
      },
      onError: (error) => errors.push(error),
    });
    const scheduler = new Scheduler({ error: (details) => errors.push(details.err) });
    durability.start(scheduler);
    expect(scheduler.names()).toEqual(['database log flush', 'database checkpoint']);
    // The passes the timers would run (the scheduler's own test covers its timers).
    const checkpoint = scheduler.find('database checkpoint');
    await checkpoint?.runNow();
    await checkpoint?.runNow();
    await scheduler.find('database log flush')?.runNow();
    await durability.stop();
    expect(scheduler.names()).toEqual([]);
    expect(checkpoints).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
