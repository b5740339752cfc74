import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

/**
 * A test fails when, while it runs, anything calls `console.error` or leaves a promise
 * rejection unhandled, even if what it checks looks right: React reports hydration
 * mismatches, bad props and act() problems that way, and our code logs the failures it
 * swallows. (A rejection noticed after its test ended still fails the run: Vitest reports it.)
 * A test that provokes an error on purpose replaces the spy for that call, e.g.
 * `vi.mocked(console.error).mockImplementationOnce(() => {})`, and says why.
 *
 * Each worker runs its files one after another (vitest.config.ts: `isolate: false`) and runs
 * this file again before each of them: the one listener per process and the list it fills are
 * kept on the process, so a later file's rejection lands in the list that file checks.
 */
const problemsKey = Symbol.for('tickerwise.test.problems');
const processWithProblems = process as NodeJS.Process & { [problemsKey]?: string[] };
let shared = processWithProblems[problemsKey];
if (!shared) {
  const list: string[] = [];
  shared = list;
  processWithProblems[problemsKey] = list;
  process.on('unhandledRejection', (reason) => {
    list.push(`unhandled rejection: ${describe(reason)}`);
  });
}
const problems = shared;

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

/**
 * The files of a worker share one window: each leaves it as a fresh one starts (an empty body,
 * no attribute on the page or its body, no title, no storage, at `/`, real timers,
 * no global stubbed), so no file sees what an earlier one left.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
