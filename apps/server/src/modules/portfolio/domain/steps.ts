/**
 * Long computations over a ledger written as generators that pause (`yield`) at safe points:
 * run at once where a caller needs the answer now (tests, small ledgers), or in slices that
 * let the event loop serve other requests in between (every request path), so no ledger the
 * plan limits allow keeps the server from answering for more than a few milliseconds.
 */
export type Steps<T> = Generator<number | undefined, T, undefined>;
// A pause may tell how far the work has come (rows read, say): `runInSlices` passes it on.

/** Iterations between two pauses: few enough to stay well under a slice. */
export const stepEvery = 256;

/** Runs `steps` to their end without giving way. */
export function runNow<T>(steps: Steps<T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Time each slice may hold the event loop before the others get a turn. */
const sliceMs = 4;

/** Lets the event loop run what is waiting (timers, I/O) before going on. */
export const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `steps` in slices of about `sliceMs`, giving way to the event loop between them.
 * (`performance.now()` measures the slice; it is not the time of day.)
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  onProgress?: (done: number) => void,
): Promise<T> {
  let started = performance.now();
  let step = steps.next();
  while (!step.done) {
    if (step.value !== undefined) onProgress?.(step.value);
    if (performance.now() - started >= sliceMs) {
      await giveWay();
      started = performance.now();
    }
    step = steps.next();
  }
  return step.value;
}

/** Gives way to the event loop when more than a slice has passed since `since` (a clock reading). */
export async function breathe(since: { at: number }): Promise<void> {
  if (performance.now() - since.at < sliceMs) return;
  await giveWay();
  since.at = performance.now();
}
