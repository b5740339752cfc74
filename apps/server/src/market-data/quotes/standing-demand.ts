import type { ScheduledLoop, Scheduler } from '../../lifecycle/scheduler.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import type { DemandReason, DemandRegistry } from './demand.ts';

/** Symbol to how many lists, alerts or portfolios have it. */
export type SymbolCounts = ReadonlyMap<string, number>;

/** How often the standing demand is read again: a list edited now counts within the minute. */
const standingEveryMs = 30_000;

/**
 * The demand that lives in the database (watchlists, armed alerts, portfolio holdings): each
 * module adds a reader of its symbols, and every 30 seconds each reader's counts replace its
 * reason's standing demand in the registry, so the scheduler and the trade stream follow them
 * whether or not anybody has a page open.
 */
export class StandingDemand {
  private readonly readers = new Map<DemandReason, () => Promise<SymbolCounts>>();
  private loop: ScheduledLoop | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly demand: DemandRegistry,
    private readonly log: MarketLog,
  ) {}

  add(reason: DemandReason, read: () => Promise<SymbolCounts>): void {
    this.readers.set(reason, read);
  }

  /** Reads every module's symbols now and puts them in the registry. */
  async sync(): Promise<void> {
    await Promise.all(
      [...this.readers].map(async ([reason, read]) => {
        try {
          this.demand.stand(reason, await read());
        } catch (error) {
          this.log.warn({ reason, err: error }, 'standing demand could not be read');
        }
      }),
    );
  }

  /** Reads now and every 30 seconds on `scheduler` (the app's), until `stop()`. */
  start(scheduler: Scheduler): void {
    if (this.loop) return;
    const run = () => {
      this.running = this.sync().finally(() => {
        this.running = undefined;
      });
      return this.running;
    };
    this.loop = scheduler.every('standing demand', standingEveryMs, run, { runAtStart: true });
  }

  async stop(): Promise<void> {
    this.loop?.stop();
    this.loop = undefined;
    await this.running;
  }
}

/** Counts per symbol from rows of `{ symbol, count }`. */
export function symbolCounts(rows: readonly { symbol: string | null; count: number }[]) {
  const counts = new Map<string, number>();
  for (const { symbol, count } of rows) if (symbol) counts.set(symbol, Number(count));
  return counts;
}
