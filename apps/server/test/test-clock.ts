import type { Clock } from '../src/clock.ts';

export interface TestClock extends Clock {
  /** From now on it is `date` for the app (until `reset`). */
  set(date: Date): void;
  /** Back to the system's time. */
  reset(): void;
}

/** A clock a test can set: the system's time until told otherwise. */
export function testClock(): TestClock {
  let fixed: Date | null = null;
  const clock = () => (fixed ? new Date(fixed) : new Date());
  return Object.assign(clock, {
    set(date: Date) {
      fixed = new Date(date);
    },
    reset() {
      fixed = null;
    },
  });
}
