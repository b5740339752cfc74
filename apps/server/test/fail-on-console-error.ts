import { format } from 'node:util';
import { afterAll, afterEach, vi } from 'vitest';
import { takeUnexpectedErrorLogs } from './error-logs.ts';

/**
 * A test that makes the server call `console.error`, log at error level, or leave a promise
 * rejected with no handler, fails: each means something went wrong that no assertion looked
 * at. A test that expects such an output says so: `expectErrorLog(/pattern/)` for a log line
 * (`error-logs.ts`), `vi.spyOn(console, 'error').mockImplementation(() => {})` otherwise.
 */
const problems: string[] = [];

vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  problems.push(`console.error: ${format(...args)}`);
});

process.on('unhandledRejection', (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : format(reason);
  problems.push(`unhandled rejection: ${text}`);
});

function failOnProblems(): void {
  problems.push(...takeUnexpectedErrorLogs());
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(
    `The test caused ${found.length} unexpected error output(s):\n${found.join('\n')}`,
  );
}

afterEach(failOnProblems);
afterAll(failOnProblems);
