import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which lane the work under way belongs to. Requests are the foreground: a user waits on them.
 * The instance's own work (the scheduler's passes, the job runners, the firing of alerts a
 * quote met) runs in the background lane, which the embedded database serves after the
 * requests waiting beside it (`db/priority-gate.ts`, ADR 0074). Whatever is not marked is
 * foreground, so a request is never slowed by being taken for background work.
 */
const lane = new AsyncLocalStorage<'background'>();

/** Runs `work` (and everything it starts) in the background lane. */
export function inBackground<T>(work: () => T): T {
  return lane.run('background', work);
}

/** Whether the code running now was started in the background lane. */
export function isBackground(): boolean {
  return lane.getStore() === 'background';
}
