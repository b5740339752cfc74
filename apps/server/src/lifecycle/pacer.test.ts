import { describe, expect, it } from 'vitest';

import { Pacer } from './pacer.ts';

/** A pass whose units of work take the given times, on a clock the test moves. */
async function pass(share: number, unitsMs: number[], sliceMs = 5) {
  let clock = 0;
  const rests: number[] = [];
  let yields = 0;
  const pacer = new Pacer({
    share,
    sliceMs,
    now: () => clock,
    rest: async (ms) => {
      rests.push(ms);
      clock += ms;
    },
    yield: async () => {
      yields += 1;
    },
  });
  for (const unit of unitsMs) {
    clock += unit;
    await pacer.step();
  }
  return { rests, yields, total: clock };
}

describe('Pacer', () => {
  it('rests after each slice so the pass uses at most its share of the time', async () => {
    const { rests, total } = await pass(0.25, Array(20).fill(1));
    // 20 ms of work in slices of 5: a rest of 15 ms after each.
    expect(rests).toEqual([15, 15, 15, 15]);
    expect(total).toBe(80);
  });

  it('only yields while a slice is not used up', async () => {
    const { rests, yields } = await pass(0.25, [1, 1, 1]);
    expect(rests).toEqual([]);
    expect(yields).toBe(3);
  });

  it('rests in proportion to a unit longer than a slice', async () => {
    const { rests } = await pass(0.5, [12, 1]);
    expect(rests).toEqual([12]);
  });

  it('never rests at a share of 1', async () => {
    const { rests, yields } = await pass(1, [10, 10]);
    expect(rests).toEqual([]);
    expect(yields).toBe(2);
  });

  it('refuses a share outside (0, 1]', () => {
    expect(() => new Pacer({ share: 0 })).toThrow(RangeError);
    expect(() => new Pacer({ share: 1.5 })).toThrow(RangeError);
  });
});

describe('Pacer, resting on real timers', () => {
  it('ends a rest at once when its signal is aborted', async () => {
    const stopping = new AbortController();
    let clock = 0;
    const pacer = new Pacer({ share: 0.01, sliceMs: 1, now: () => clock, signal: stopping.signal });
    clock = 10_000; // a rest of 990 s
    const step = pacer.step();
    stopping.abort();
    await expect(step).resolves.toBeUndefined();
    // Once aborted, no later rest waits either.
    clock += 10_000;
    await expect(pacer.step()).resolves.toBeUndefined();
  });
});
