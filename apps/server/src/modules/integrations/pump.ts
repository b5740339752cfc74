import { setImmediate as nextTurn } from 'node:timers/promises';
import type { JobQueue } from '../jobs/service.ts';
import { type Attempted, type Claimed, type Deliveries, deliverJob } from './deliveries.ts';

/**
 * Deliveries one instance holds at once, claimed and not yet recorded. A receiver that never
 * answers holds one for its 10 s, so the bound leaves room for many of them: in a storm where
 * 5% of 170 deliveries a second hang, about 85 are held by the timeout at any moment.
 */
const deliveryConcurrency = 256;
/** Deliveries claimed in one statement at most. */
const claimBatch = 100;
/** Outcomes recorded in one transaction at most. */
const recordBatch = 200;

export interface DeliveryPumpOptions {
  deliveries: Pick<Deliveries, 'load' | 'attempt' | 'record'>;
  queue: JobQueue;
  log: { error(details: object, message: string): void };
  concurrency?: number;
}

/**
 * Sends an instance's deliveries: it claims due delivery jobs in batches (one statement for
 * up to 100), reads their rows in one query, sends each at once, up to `concurrency` in
 * flight, and records the outcomes that finish together in one transaction, each delivery's
 * row with its job. A claimed job belongs to this instance until its lease runs out, so no two
 * instances send the same delivery at once; an instance that stops between an answer and its
 * record leaves the job to be taken again after the lease, and the receiver sees the same
 * `webhook-id` twice (at least once, never silently lost).
 */
export class DeliveryPump {
  private readonly concurrency: number;
  /** Claimed and not yet recorded. */
  private held = 0;
  private started = 0;
  private stopped = false;
  private filling: Promise<void> | undefined;
  private fillAgain = false;
  private flushing: Promise<void> | undefined;
  private readonly outcomes: Attempted[] = [];
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly options: DeliveryPumpOptions) {
    this.concurrency = options.concurrency ?? deliveryConcurrency;
  }

  /**
   * Claims due deliveries into the free places and starts sending them; resolves once they
   * are started (not sent). A call while one is claiming makes that one look again after.
   */
  fill(): Promise<void> {
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = this.claimWhileDue().finally(() => {
      this.filling = undefined;
    });
    return this.filling;
  }

  /** Sends every due delivery until none is due and every outcome is recorded; how many. */
  async drain(): Promise<number> {
    const before = this.started;
    for (;;) {
      const mark = this.started;
      await this.fill();
      await this.idle();
      if (this.started === mark || this.stopped) break;
    }
    return this.started - before;
  }

  /** Takes no more deliveries and waits for those in flight to be recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async idle(): Promise<void> {
    while (this.filling || this.flushing || this.sending.size > 0) {
      await Promise.allSettled([this.filling, this.flushing, ...this.sending]);
    }
  }

  private async claimWhileDue(): Promise<void> {
    const { queue, deliveries } = this.options;
    do {
      this.fillAgain = false;
      while (!this.stopped) {
        const asked = Math.min(this.concurrency - this.held, claimBatch);
        if (asked <= 0) return;
        const jobs = await queue.takeMany([deliverJob], asked);
        if (jobs.length === 0) break;
        this.held += jobs.length;
        this.started += jobs.length;
        let claimed: Claimed[];
        try {
          claimed = await deliveries.load(jobs);
        } catch (error) {
          // Their leases run out and any instance takes them again.
          this.held -= jobs.length;
          throw error;
        }
        for (const item of claimed) this.send(item);
        if (jobs.length < asked) break;
      }
    } while (this.fillAgain && !this.stopped);
  }

  private send(item: Claimed): void {
    const sending = this.options.deliveries
      .attempt(item)
      .catch(
        (error: unknown): Attempted => ({
          kind: 'error',
          job: item.job,
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .then((outcome) => {
        if (outcome.kind === 'error') {
          this.options.log.error(
            { err: outcome.error, delivery: item.job.key },
            'an alert delivery could not be attempted',
          );
        }
        this.outcomes.push(outcome);
        this.flush();
      })
      .finally(() => {
        this.sending.delete(sending);
      });
    this.sending.add(sending);
  }

  /** Records the outcomes waiting, in batches, then claims more into the places freed. */
  private flush(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      // Outcomes that arrive in the same turn are recorded together.
      await nextTurn();
      while (this.outcomes.length > 0) {
        const batch = this.outcomes.splice(0, recordBatch);
        try {
          await this.options.deliveries.record(batch, this.options.queue);
        } catch (error) {
          // Their jobs stay claimed until the lease runs out, then are sent again.
          this.options.log.error({ err: error }, 'alert delivery outcomes could not be recorded');
        } finally {
          this.held -= batch.length;
        }
      }
    })().finally(() => {
      this.flushing = undefined;
      if (this.outcomes.length > 0) this.flush();
      else if (!this.stopped) {
        this.fill().catch((error: unknown) =>
          this.options.log.error({ err: error }, 'alert deliveries could not be claimed'),
        );
      }
    });
  }
}
