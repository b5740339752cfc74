import { format } from 'node:util';
import { afterAll, afterEach, vi } from 'vitest';
import { noteUnexpectedOutput, takeUnexpectedErrorLogs } from './error-logs.ts';

/**
 * A test that makes the server call `console.error`, log at error level, or leave a promise
 * rejected with no handler, fails: each means something went wrong that no assertion looked
 * at. A test that expects such an output says so: `expectErrorLog(/pattern/)` for a log line
 * (`error-logs.ts`), `vi.spyOn(console, 'error').mockImplementation(() => {})` otherwise.
 *
 * This file runs again before each test file; what must exist once per process (the list and
 * the rejection listener) lives in `error-logs.ts`. Vitest restores the spy after each file.
 */
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  noteUnexpectedOutput(`console.error: ${format(...args)}`);
});

function failOnProblems(): void {
  const found = takeUnexpectedErrorLogs();
  if (found.length === 0) return;
  throw new Error(
    `The test caused ${found.length} unexpected error output(s):\n${found.join('\n')}`,
  );
}

afterEach(failOnProblems);
afterAll(failOnProblems);
