import type { ScheduledLoop, Scheduler } from '../../../lifecycle/scheduler.ts';
import type { Trade } from '../../quotes/quote-cache.ts';
import type { RegularSession } from '../../quotes/regular-session.ts';
import type { ProviderQuote } from '../market-provider.ts';
import type { TradeStream } from '../trade-stream.ts';

export interface SimulatedTradeStreamOptions {
  /** The simulated quote at an instant: each tick trades at it. */
  quoteAt: (symbol: string, instant: number) => ProviderQuote;
  session: RegularSession;
  now: () => number;
  tickMs?: number;
}

/** The offline market has no upstream connection to spare: it follows every symbol asked. */
const simulatedSymbolLimit = 10_000;

/**
 * The simulated market's trade stream: every second, while the regular session runs, one
 * trade per followed symbol at the simulated price of that instant, the same price a quote or
 * the day's bar gives. Outside the session nothing trades, as on a real exchange.
 */
export class SimulatedTradeStream implements TradeStream {
  readonly symbolLimit = simulatedSymbolLimit;
  readonly state = 'connected' as const;
  private followed = new Set<string>();
  private readonly listeners = new Set<(trades: readonly Trade[]) => void>();
  private loop: ScheduledLoop | undefined;

  constructor(private readonly options: SimulatedTradeStreamOptions) {}

  get subscribed(): ReadonlySet<string> {
    return this.followed;
  }

  follow(symbols: ReadonlySet<string>): void {
    this.followed = new Set(symbols);
  }

  onTrades(listener: (trades: readonly Trade[]) => void): void {
    this.listeners.add(listener);
  }

  /** One tick: a trade for every followed symbol, if the session is open. */
  tick(): void {
    const now = this.options.now();
    if (this.followed.size === 0 || !this.options.session.isOpenAt(now)) return;
    const trades: Trade[] = [];
    for (const symbol of this.followed) {
      trades.push({ symbol, price: this.options.quoteAt(symbol, now).price, tradedAt: now });
    }
    for (const listener of this.listeners) listener(trades);
  }

  start(scheduler: Scheduler): void {
    if (this.loop) return;
    this.loop = scheduler.every('simulated trades', this.options.tickMs ?? 1_000, () =>
      this.tick(),
    );
  }

  async stop(): Promise<void> {
    this.loop?.stop();
    this.loop = undefined;
  }
}
