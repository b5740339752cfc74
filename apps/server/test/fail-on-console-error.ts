import { format } from 'node:util';
import { afterAll, afterEach, vi } from 'vitest';

/**
 * A test that makes the server call `console.error`, or leaves a promise rejected with no
 * handler, fails: both mean something went wrong that no assertion looked at. A test that
 * expects an error output silences it itself:
 * `vi.spyOn(console, 'error').mockImplementation(() => {})`.
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
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(
    `The test caused ${found.length} unexpected error output(s):\n${found.join('\n')}`,
  );
}

afterEach(failOnProblems);
afterAll(failOnProblems);
