/**
 * What the server logs at error level or above during a test (every test app logs there: see
 * `testDeps`). `fail-on-console-error.ts` fails the test on any line no `expectErrorLog` in
 * that test matched, as it does on `console.error`: a logged 500 is a failure no assertion
 * looked at.
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

export function takeUnexpectedErrorLogs(): string[] {
  expected = [];
  return unexpected.splice(0);
}
