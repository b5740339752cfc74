import { format } from 'node:util';

/**
 * What went wrong during a test that no assertion looked at: what the server logs at error
 * level or above (every test app logs there: see `testDeps`), `console.error` and rejections
 * left unhandled. `fail-on-console-error.ts` fails the test on any of them that no
 * `expectErrorLog` in that test matched: a logged 500 is a failure no assertion looked at.
 *
 * One list per test process, which runs many test files one after another (the suite does
 * not isolate files): the setup file runs again for each file, this module once.
 */
const unexpected: string[] = [];
let expected: RegExp[] = [];

/** The current test provokes a logged error on purpose: lines matching this are allowed. */
export function expectErrorLog(pattern: RegExp): void {
  expected.push(pattern);
}

/** A pino destination: every line it gets is at error level or above. */
export const errorLogDestination = {
  write(line: string): void {
    if (expected.some((pattern) => pattern.test(line))) return;
    unexpected.push(`error log: ${line.trimEnd()}`);
  },
};

/** Something else a test caused that no assertion looked at (`console.error`). */
export function noteUnexpectedOutput(text: string): void {
  unexpected.push(text);
}

process.on('unhandledRejection', (reason) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : format(reason);
  unexpected.push(`unhandled rejection: ${text}`);
});

export function takeUnexpectedErrorLogs(): string[] {
  expected = [];
  return unexpected.splice(0);
}
