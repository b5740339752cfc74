/**
 * Every wait of a graceful stop (SIGTERM: `lifecycle/drain.ts`), and the arithmetic that
 * keeps them inside the two limits around it (docs/decisions/0072):
 *
 * - **Fastify's limit on a close hook.** Fastify 5 (avvio 9) runs each `preClose` hook with a
 *   timer of `pluginTimeout`, 10 s by default: a hook still running then makes `app.close()`
 *   reject with `AVV_ERR_READY_TIMEOUT` ("Plugin did not start in time") and the process exit
 *   1, while what it waited for goes on as the app closes under it. `onClose` hooks have no
 *   limit. The scheduler's wait for the passes under way runs in a `preClose` hook, so it
 *   must end well before that limit.
 * - **The process manager's patience** between SIGTERM and SIGKILL (Docker's default 10 s,
 *   Kubernetes' 30 s, systemd's 90 s): the deploy files give 30 s (`compose.yaml`,
 *   `ops/fleet.mjs`), more than `stopBudget.totalMs` with room to spare, and `main.ts` exits
 *   by itself once `totalMs` has gone by, whatever still runs.
 *
 * The stop, in order:
 *
 *     requests in flight finish ............ requestsMs     (drain; no Fastify limit applies)
 *     idle kept-alive connections linger ... idleLingerMs
 *     preClose: passes under way finish .... passesMs       (< closeHookLimitMs - hookMarginMs)
 *     the rest of the close ................ closeMs        (connections, workers, database)
 *
 * The job runners stop taking jobs when the drain starts and wait `jobsMs` for the job under
 * way, then put it back in the queue: that runs beside the drain, and the scheduler's wait
 * (which includes it) allows `releaseMs` more for the statement that puts a job back, so a job
 * is put back even when no request was in flight and the close starts at once.
 */

/**
 * Fastify's `pluginTimeout`, set explicitly in `buildApp`: its limit on each `preClose` hook
 * (and on each plugin's start).
 */
export const closeHookLimitMs = 10_000;

/** What a `preClose` hook keeps free under `closeHookLimitMs` (a loaded event loop, GC). */
const hookMarginMs = 3_000;

/** What the process managers of the deploy files allow between SIGTERM and SIGKILL. */
export const processManagerGraceMs = 30_000;

const requestsMs = 10_000;
const idleLingerMs = 1_000;
const jobsMs = 4_000;
const releaseMs = 2_000;
const passesMs = jobsMs + releaseMs;
const closeMs = 3_000;

export const stopBudget = {
  /** Requests in flight (an analyst's streamed answer) finish, at most this long. */
  requestsMs,
  /** Idle kept-alive connections are left to the proxy this long before they close. */
  idleLingerMs,
  /** A job under way is waited for this long, then put back in the queue. */
  jobsMs,
  /** The scheduler waits this long for the passes under way (and the job runners' stop). */
  passesMs,
  /** The whole stop, after which `main.ts` exits whatever still runs. */
  totalMs: requestsMs + idleLingerMs + passesMs + closeMs,
} as const;

if (stopBudget.passesMs > closeHookLimitMs - hookMarginMs) {
  throw new Error('The scheduler would outwait Fastify’s limit on a preClose hook');
}
if (stopBudget.totalMs > processManagerGraceMs - 5_000) {
  throw new Error('A graceful stop would outlast the process manager’s grace');
}
