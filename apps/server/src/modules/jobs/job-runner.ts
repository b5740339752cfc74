import { setImmediate as giveWay } from 'node:timers/promises';
import type { ScheduledLoop, Scheduler } from '../../lifecycle/scheduler.ts';
import { stopBudget } from '../../lifecycle/stop-budget.ts';
import type { Job, JobQueue } from './job-queue.ts';

/** What a handler asks for: finished, or run again later (out of budget, source not ready). */
export type JobOutcome = { done: true } | { done: false; retryAt: number; reason: string };

export type JobHandler = (job: Job) => Promise<JobOutcome>;

/**
 * Runs up to `size` due jobs of one name together (one read and one write for all of them
 * instead of one per job): an outcome per job, in the order given.
 */
export interface JobBatchHandler {
  size: number;
  run(jobs: readonly Job[]): Promise<JobOutcome[]>;
}

export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  /** Jobs taken and run several at a time, by name. */
  batchHandlers?: Record<string, JobBatchHandler>;
  log: JobLog;
  now?: () => number;
  /** How often an idle instance looks for due work. */
  pollMs?: number;
  /** Called before each look, to put recurring work in the queue (idempotent). */
  schedule?: () => Promise<void>;
  /** Attempts that end in an error before a job is marked failed. */
  maxFailures?: number;
  /** How long `stop()` waits for the job under way before putting it back (`jobStopGraceMs`). */
  stopGraceMs?: number;
}

/**
 * How long a stopping instance waits for the jobs it runs before it puts them back in the
 * queue for another instance (within the scheduler's own wait: lifecycle/stop-budget.ts).
 */
const jobStopGraceMs = stopBudget.jobsMs;

/**
 * Runs due jobs on this instance, one at a time. Every instance runs one; the queue makes sure
 * each job runs on only one of them.
 */
export class JobRunner {
  private loop: ScheduledLoop | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private stopping: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly pollMs: number;

  constructor(private readonly options: JobRunnerOptions) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 5_000;
  }

  /**
   * Looks for due work now and every `pollMs`, on `scheduler` (the app's: `app.scheduler`),
   * which stops this runner first when it stops.
   */
  start(scheduler: Scheduler): void {
    this.stopped = false;
    this.stopping = undefined;
    this.loop = scheduler.every('background jobs', this.pollMs, () => this.poll(), {
      runAtStart: true,
    });
    scheduler.beforeStop(() => this.stop());
  }

  /**
   * Takes no more jobs and waits for the one under way, at most `stopGraceMs`; a job still
   * running then is put back in the queue, due at once, for another instance (its late
   * outcome here records nothing: the job is no longer this worker's).
   */
  stop(): Promise<void> {
    this.stopped = true;
    this.loop?.stop();
    this.stopping ??= this.finishOrRelease();
    return this.stopping;
  }

  private async finishOrRelease(): Promise<void> {
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.options.stopGraceMs ?? jobStopGraceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (finished) return;
    const { queue, log } = this.options;
    try {
      const released = await queue.releaseHeld();
      log.warn({ released }, 'stopping: put back the jobs still running for another instance');
    } catch (error) {
      log.warn({ err: error }, 'stopping: could not put back the jobs still running');
    }
  }

  /** Runs every due job now (tests and the first tick); resolves when none is left. */
  async runDue(): Promise<number> {
    const { queue, handlers, batchHandlers = {}, log, schedule } = this.options;
    let ran = 0;
    await schedule?.().catch((error: unknown) => {
      log.error({ err: error }, 'scheduling background jobs failed');
    });
    for (const [name, batch] of Object.entries(batchHandlers)) {
      for (;;) {
        const taken = await queue.takeMany([name], batch.size);
        if (taken.length === 0) break;
        ran += taken.length;
        await this.runBatch(batch, taken);
        if (this.stopped) return ran;
        // What waits on the event loop (requests) goes before the next batch.
        await giveWay();
      }
    }
    const names = Object.keys(handlers);
    while (names.length > 0) {
      const job = await queue.take(names);
      if (!job) break;
      ran += 1;
      await this.runOne(job);
      if (this.stopped) break;
    }
    return ran;
  }

  private async runBatch(batch: JobBatchHandler, taken: readonly Job[]): Promise<void> {
    const { queue, log } = this.options;
    let outcomes: JobOutcome[];
    try {
      outcomes = await batch.run(taken);
    } catch (error) {
      for (const job of taken) await this.failed(job, error);
      return;
    }
    try {
      await queue.completeMany(taken.filter((_job, index) => outcomes[index]?.done !== false));
      for (const [index, job] of taken.entries()) {
        const outcome = outcomes[index];
        if (outcome?.done === false) await queue.fail(job, outcome.reason, outcome.retryAt);
      }
    } catch (error) {
      log.error({ err: error, job: taken[0]?.name }, 'could not record the outcome of jobs');
    }
  }

  private async runOne(job: Job): Promise<void> {
    const { queue, handlers } = this.options;
    const handler = handlers[job.name]!;
    try {
      const outcome = await handler(job);
      if (outcome.done) await queue.complete(job);
      else await queue.fail(job, outcome.reason, outcome.retryAt);
    } catch (error) {
      await this.failed(job, error);
    }
  }

  /** A job whose handler threw: tried again later, up to `maxFailures` times. */
  private async failed(job: Job, error: unknown): Promise<void> {
    const { queue, log, maxFailures = 5 } = this.options;
    const message = error instanceof Error ? error.message : String(error);
    const retry = job.attempts < maxFailures;
    log.error({ err: error, job: job.name, key: job.key }, 'background job failed');
    await queue
      .fail(job, message, retry ? this.now() + job.attempts * 5 * 60_000 : undefined)
      .catch((failError: unknown) =>
        log.error({ err: failError }, 'could not record a job failure'),
      );
  }

  /** One look for due work; a failed look is a warning, and the next tick looks again. */
  private poll(): Promise<void> {
    this.running = this.runDue()
      .then(
        () => undefined,
        (error: unknown) => this.options.log.warn({ err: error }, 'job poll failed'),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
