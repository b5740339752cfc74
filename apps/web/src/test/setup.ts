import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A test fails when, while it runs, anything calls `console.error` or leaves a promise
 * rejection unhandled, even if what it checks looks right: React reports hydration
 * mismatches, bad props and act() problems that way, and our code logs the failures it
 * swallows. (A rejection noticed after its test ended still fails the run: Vitest reports it.)
 * A test that provokes an error on purpose replaces the spy for that call, e.g.
 * `vi.mocked(console.error).mockImplementationOnce(() => {})`, and says why.
 */
const problems: string[] = [];

const listening = Symbol.for('tickerwise.test.unhandledRejection');
const processWithFlag = process as NodeJS.Process & { [listening]?: boolean };
if (!processWithFlag[listening]) {
  processWithFlag[listening] = true;
  process.on('unhandledRejection', (reason) => {
    problems.push(`unhandled rejection: ${describe(reason)}`);
  });
}

beforeEach(() => {
  problems.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(describe).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.mocked(console.error).mockRestore();
  if (problems.length > 0) {
    throw new Error(`The test logged errors:\n${problems.join('\n')}`);
  }
});

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
