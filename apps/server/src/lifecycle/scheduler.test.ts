import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.ts';

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: { error: (_details: { err: unknown }, message: string) => lines.push(message) },
  };
}

describe('Scheduler', () => {
  it('runs one pass at a time: a pass asked for while one runs joins it', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let passes = 0;
    let finish!: () => void;
    const loop = scheduler.every('slow', 60_000, () => {
      passes += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const first = loop.runNow();
    const second = loop.runNow();
    expect(passes).toBe(0); // the pass starts on the next microtask
    await Promise.resolve();
    finish();
    await Promise.all([first, second]);
    expect(passes).toBe(1);
    await scheduler.stop();
  });

  it('logs a failed pass by the loop name and runs again afterwards', async () => {
    const { lines, log } = recordingLog();
    const scheduler = new Scheduler(log);
    let passes = 0;
    const loop = scheduler.every('usage clean-up', 60_000, () => {
      passes += 1;
      if (passes === 1) throw new Error('database gone');
    });
    await loop.runNow();
    await loop.runNow();
    expect(lines).toEqual(['usage clean-up failed']);
    expect(passes).toBe(2);
    await scheduler.stop();
  });

  it('ticks on its interval, and stop() waits for the pass under way and ends every loop', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let ticks = 0;
    let finished = false;
    scheduler.every('fast', 5, async () => {
      ticks += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
    });
    // A real timer must fire here: the loop's interval is what is under test.
    while (ticks === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(scheduler.names()).toEqual(['fast']);
    await scheduler.stop();
    expect(finished).toBe(true);
    expect(scheduler.names()).toEqual([]);
    const after = ticks;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ticks).toBe(after);
  });

  it('runs a delayed task once, and never after stop()', async () => {
    const { log } = recordingLog();
    const scheduler = new Scheduler(log);
    let ran = 0;
    const once = scheduler.after('once', 60_000, () => {
      ran += 1;
    });
    await once.runNow();
    expect(ran).toBe(1);
    await scheduler.stop();
    const late = scheduler.every('late', 1, () => {
      ran += 1;
    });
    expect(scheduler.names()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).toBe(1);
    late.stop();
  });

  it('stops waiting for a stuck pass after the grace and names it in a warning', async () => {
    const warnings: { loops: string[]; message: string }[] = [];
    const scheduler = new Scheduler({
      error: () => {},
      warn: ({ loops }, message) => warnings.push({ loops, message }),
    });
    const stuck = scheduler.every('email sender', 60_000, () => new Promise<void>(() => {}));
    const quick = scheduler.every('prune', 60_000, () => undefined);
    void stuck.runNow();
    await quick.runNow();
    await scheduler.stop(20);
    expect(warnings).toEqual([
      { loops: ['email sender'], message: 'Closing without waiting longer for: email sender' },
    ]);
    expect(scheduler.names()).toEqual([]);
  });
});
