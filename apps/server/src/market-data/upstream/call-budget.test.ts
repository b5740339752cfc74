import { describe, expect, it } from 'vitest';
import { CallBudget } from './call-budget.ts';
import { finnhubLimits } from './provider-limits.ts';

describe('the upstream call budget', () => {
  it('allows at most 30 calls in any second', async () => {
    let now = 0;
    const budget = new CallBudget(finnhubLimits(), () => now);
    let allowed = 0;
    for (let call = 0; call < 100; call += 1) if (await budget.tryTake()) allowed += 1;
    expect(allowed).toBe(30);
    now = 999;
    expect(await budget.tryTake()).toBe(false);
    now = 1_000;
    expect(await budget.tryTake()).toBe(true);
  });

  it('allows at most 60 calls in any minute, however they are spread', async () => {
    let now = 0;
    const budget = new CallBudget(finnhubLimits(), () => now);
    const granted: number[] = [];
    for (now = 0; now < 180_000; now += 250) if (await budget.tryTake()) granted.push(now);
    for (const start of granted) {
      const inMinute = granted.filter((time) => time >= start && time < start + 60_000);
      expect(inMinute.length).toBeLessThanOrEqual(60);
    }
    expect(granted.length).toBe(180);
  });

  it('never refuses a provider without limits', async () => {
    const budget = new CallBudget([], () => 0);
    for (let call = 0; call < 1_000; call += 1) expect(await budget.tryTake()).toBe(true);
  });

  it('takes several calls all or none, and gives back what the fleet refused', async () => {
    let now = 0;
    let fleetRoom = 1;
    const budget = new CallBudget(finnhubLimits(), () => now, {
      take: async (_limits, _leave, calls) => {
        if (calls > fleetRoom) return false;
        fleetRoom -= calls;
        return true;
      },
    });
    expect(await budget.tryTake(0, 2)).toBe(false);
    expect(budget.used(1_000)).toBe(0);
    expect(await budget.tryTake()).toBe(true);
    expect(budget.used(1_000)).toBe(1);
    expect(await budget.tryTake()).toBe(false);
    expect(budget.used(1_000)).toBe(1);
    // Its own calls are checked before the fleet is asked.
    fleetRoom = 1_000;
    expect(await budget.tryTake(0, 29)).toBe(true);
    expect(budget.hasRoom()).toBe(false);
    expect(await budget.tryTake()).toBe(false);
    now = 1_000;
    expect(budget.hasRoom()).toBe(true);
  });
});
