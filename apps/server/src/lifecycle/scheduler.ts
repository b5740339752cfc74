import { inBackground } from './background-lane.ts';
import { stopBudget } from './stop-budget.ts';

/**
 * The one way an instance runs its own periodic work (docs/ARCHITECTURE.md, "Periodic work"):
 * refreshing quotes, sweeping plan changes, pruning old rows, checkpointing the embedded
 * database. Work that must run once across every instance goes through the jobs table instead.
 *
 * Every loop runs one pass at a time (a slow pass is not overlapped by the next tick), a pass
 * that throws is logged as `${name} failed` and tried again at the next tick, no timer keeps the
 * process alive, and `stop()` (the app calls it when closing) clears every timer and waits for
 * the passes under way, for a bounded time: a pass stuck on a database that went away must not
 * hold the process open.
 */
export interface SchedulerLog {
  error(details: { err: unknown }, message: string): void;
  warn?(details: { loops: string[] }, message: string): void;
}

/**
 * How long `stop()` waits for the passes under way before it lets the app close without them:
 * well inside Fastify's limit on the `preClose` hook that calls it (lifecycle/stop-budget.ts).
 */
const stopGraceMs = stopBudget.passesMs;

export interface ScheduledLoop {
  readonly name: string;
  /** Runs one pass now (or joins the one under way); tests drive loops with it. */
  runNow(): Promise<void>;
  /** Stops this loop; a pass under way finishes. */
  stop(): void;
}

interface Loop extends ScheduledLoop {
  running: Promise<void> | null;
}

export class Scheduler {
  private readonly loops = new Set<Loop>();
  private readonly stoppers = new Set<() => Promise<void>>();
  private windingDown: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly log: SchedulerLog) {}

  /** Runs `task` every `intervalMs` (and once at once when `runAtStart`). */
  every(
    name: string,
    intervalMs: number,
    task: () => unknown,
    options: { runAtStart?: boolean } = {},
  ): ScheduledLoop {
    const loop = this.loop(name, task, () => clearInterval(timer));
    const timer = setInterval(() => void loop.runNow(), intervalMs);
    timer.unref();
    if (this.stopped) loop.stop();
    else if (options.runAtStart) void loop.runNow();
    return loop;
  }

  /** Runs `task` once after `delayMs`, unless stopped first. */
  after(name: string, delayMs: number, task: () => unknown): ScheduledLoop {
    const loop = this.loop(name, task, () => clearTimeout(timer));
    const timer = setTimeout(() => {
      void loop.runNow().finally(() => this.loops.delete(loop));
    }, delayMs);
    timer.unref();
    if (this.stopped) loop.stop();
    return loop;
  }

  /** The loop scheduled under `name`, if any (tests run a pass of the app's loops with it). */
  find(name: string): ScheduledLoop | undefined {
    return [...this.loops].find((loop) => loop.name === name);
  }

  /** The names of the loops now scheduled (the health page and tests read them). */
  names(): string[] {
    return [...this.loops].map((loop) => loop.name);
  }

  /**
   * Runs `stopper` first when the scheduler stops, beside the wait for the passes: a loop whose
   * pass takes work in turns (the job runners) stops taking more, and puts back what it cannot
   * finish, before that wait runs out.
   */
  beforeStop(stopper: () => Promise<void>): void {
    this.stoppers.add(stopper);
  }

  /**
   * Runs the `beforeStop` stoppers now, once (an instance that starts its graceful stop:
   * lifecycle/drain.ts); `stop()` waits for them with the passes.
   */
  windDown(): Promise<void> {
    this.windingDown ??= Promise.all(
      [...this.stoppers].map((stopper) =>
        stopper().catch((error: unknown) => this.log.error({ err: error }, 'stopping failed')),
      ),
    ).then(() => undefined);
    return this.windingDown;
  }

  /**
   * Clears every timer and waits for the passes under way, at most `graceMs`; later loops never
   * start. Passes still running after the grace are named in a warning and left to end alone.
   */
  async stop(graceMs = stopGraceMs): Promise<void> {
    this.stopped = true;
    const busy = [...this.loops].filter((loop) => loop.running !== null);
    const running = [...busy.map((loop) => loop.running), this.windDown()];
    for (const loop of [...this.loops]) loop.stop();
    if (running.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      Promise.all(running).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (!ended) {
      const loops = busy.filter((loop) => loop.running !== null).map((loop) => loop.name);
      this.log.warn?.({ loops }, `Closing without waiting longer for: ${loops.join(', ')}`);
    }
  }

  private loop(name: string, task: () => unknown, clear: () => void): Loop {
    const loop: Loop = {
      name,
      running: null,
      runNow: () => {
        // The instance's own work: the embedded database serves requests first (ADR 0074).
        loop.running ??= inBackground(() => Promise.resolve().then(task))
          .then(() => undefined)
          .catch((error: unknown) => this.log.error({ err: error }, `${name} failed`))
          .finally(() => {
            loop.running = null;
          });
        return loop.running;
      },
      stop: () => {
        clear();
        this.loops.delete(loop);
      },
    };
    this.loops.add(loop);
    return loop;
  }
}
