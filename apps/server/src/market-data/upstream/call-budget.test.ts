import { describe, expect, it } from 'vitest';
import { CallBudget } from './call-budget.ts';
import { finnhubLimits } from './provider-limits.ts';

describe('the upstream call budget', () => {
  it('allows at most 30 calls in any second', () => {
    let now = 0;
    const budget = new CallBudget(finnhubLimits(), () => now);
    let allowed = 0;
    for (let call = 0; call < 100; call += 1) if (budget.tryTake()) allowed += 1;
    expect(allowed).toBe(30);
    now = 999;
    expect(budget.tryTake()).toBe(false);
    now = 1_000;
    expect(budget.tryTake()).toBe(true);
  });

  it('allows at most 60 calls in any minute, however they are spread', () => {
    let now = 0;
    const budget = new CallBudget(finnhubLimits(), () => now);
    const granted: number[] = [];
    for (now = 0; now < 180_000; now += 250) if (budget.tryTake()) granted.push(now);
    for (const start of granted) {
      const inMinute = granted.filter((time) => time >= start && time < start + 60_000);
      expect(inMinute.length).toBeLessThanOrEqual(60);
    }
    expect(granted.length).toBe(180);
  });

  it('never refuses a provider without limits', () => {
    const budget = new CallBudget([], () => 0);
    for (let call = 0; call < 1_000; call += 1) expect(budget.tryTake()).toBe(true);
  });
});
