import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { WriteSlots } from './write-slots.ts';

/** A write that ends when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('write slots', () => {
  it('run at most their number of writes at once; the rest wait and start in arrival order', async () => {
    const slots = new WriteSlots({ atOnce: 2, waitMs: 60_000 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const writes = gates.map((item, index) =>
      slots.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await item.opened;
        running -= 1;
        return index;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect(slots.load).toEqual({ running: 2, waiting: 3 });

    gates[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates[3]!.open();
    gates[4]!.open();
    expect(await Promise.all(writes)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuse a write whose turn does not come in time with 503 and Retry-After, without running it', async () => {
    const slots = new WriteSlots({ atOnce: 1, waitMs: 20 });
    const holder = gate();
    const held = slots.run(() => holder.opened);
    let ran = false;
    const refused = await slots
      .run(async () => {
        ran = true;
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(ran).toBe(false);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'community_busy',
      headers: { 'retry-after': '5' },
    });
    expect((refused as AppError).message).toContain('again in a few seconds');
    expect(slots.load).toEqual({ running: 1, waiting: 0 });

    holder.open();
    await held;
    // The refused write left nothing behind: the next one runs at once.
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('free the slot of a write that fails', async () => {
    const slots = new WriteSlots({ atOnce: 1, waitMs: 1_000 });
    await expect(slots.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
    expect(await slots.run(async () => 1)).toBe(1);
  });
});
