import type { HistoryService, MarketLog } from '../../market-data/index.ts';

export interface QuoteKeeperOptions {
  history: HistoryService;
  /** Symbols with armed bar alerts, whose daily bars must stay stored. */
  barSymbols: () => Promise<string[]>;
  log: MarketLog;
  now?: () => number;
  tickMs?: number;
}

/** Bar alert symbols are marked as wanted by the daily refresh this often. */
const demandEveryMs = 6 * 60 * 60_000;

/**
 * Keeps the daily bars of symbols with armed bar alerts stored. The quotes of symbols with
 * armed quote alerts are kept fresh by the market's refresh scheduler, which has them as
 * standing demand (`register-alerts.ts`): after what users are looking at, within the
 * provider's budget.
 */
export class QuoteKeeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private demandedAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(private readonly options: QuoteKeeperOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    const tickMs = this.options.tickMs ?? 5_000;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'alert bars missed'))
        .finally(() => {
          this.running = undefined;
        });
    }, tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async tick(): Promise<void> {
    const now = this.now();
    if (now - this.demandedAt < demandEveryMs) return;
    this.demandedAt = now;
    for (const symbol of await this.options.barSymbols()) {
      await this.options.history.keepFresh(symbol).catch((error: unknown) => {
        this.options.log.warn({ symbol, err: error }, 'bars for alerts could not be kept');
      });
    }
  }
}
