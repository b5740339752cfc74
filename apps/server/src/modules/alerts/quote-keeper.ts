import type { MarketLog } from '../../upstream/market-log.ts';
import type { HistoryService } from '../history/service.ts';
import type { MarketService } from '../market/service.ts';

export interface QuoteKeeperOptions {
  market: MarketService;
  history: HistoryService;
  /** Symbols with armed quote alerts, checked on each new quote. */
  quoteSymbols: () => string[];
  /** Symbols with armed bar alerts, whose daily bars must stay stored. */
  barSymbols: () => Promise<string[]>;
  log: MarketLog;
  now?: () => number;
  /** Share of the provider's calls a minute the keeper may spend (the rest serves pages). */
  share?: number;
  tickMs?: number;
}

/** A quote is asked for again once it is this old (the quote cache's lifetime). */
const quoteAgeMs = 15_000;
/** Bar alert symbols are marked as wanted by the daily refresh this often. */
const demandEveryMs = 6 * 60 * 60_000;

/**
 * Keeps the quotes of symbols with armed alerts fresh, so their alerts are checked even when
 * nobody has the stock open: oldest quote first, within a share of the provider's call budget
 * (all of them every 15 seconds when the provider sets no limit). Symbols with bar alerts are
 * kept in the daily refresh.
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
        .then(() => undefined)
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'alert quotes missed'))
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

  /** Refreshes the quotes that are due, within the allowance of one tick. */
  async tick(): Promise<number> {
    const { market, log } = this.options;
    await this.keepBarsStored();
    const now = this.now();
    const due = this.options
      .quoteSymbols()
      .map((symbol) => ({ symbol, at: market.quoteAttemptedAt(symbol) ?? 0 }))
      .filter((entry) => now - entry.at >= quoteAgeMs)
      .sort((a, b) => a.at - b.at);
    const perMinute = market.callsPerMinute;
    const tickMs = this.options.tickMs ?? 5_000;
    const allowance =
      perMinute === null
        ? due.length
        : Math.max(1, Math.floor((perMinute * (this.options.share ?? 0.5) * tickMs) / 60_000));
    const chosen = due.slice(0, allowance);
    await Promise.all(
      chosen.map(({ symbol }) =>
        market.quote(symbol, quoteAgeMs).catch((error: unknown) => {
          log.warn({ symbol, err: error }, 'an alert quote could not be refreshed');
        }),
      ),
    );
    return chosen.length;
  }

  private async keepBarsStored(): Promise<void> {
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
