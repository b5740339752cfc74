import type { ScheduledLoop, Scheduler } from '../../lifecycle/scheduler.ts';
import type { TradeStream } from '../adapters/trade-stream.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import type { DemandRegistry } from './demand.ts';
import type { QuoteCache } from './quote-cache.ts';
import type { RegularSession } from './regular-session.ts';

export interface LiveFeedOptions {
  stream: TradeStream;
  demand: DemandRegistry;
  cache: QuoteCache;
  session: RegularSession;
  now: () => number;
  log: MarketLog;
}

/**
 * A followed symbol gives its place to one outside only when that one weighs this much more,
 * so two symbols of about equal demand do not swap subscriptions back and forth.
 */
const swapMargin = 1.5;

/**
 * Keeps the trade stream on the symbols most in demand, changing its subscriptions as demand
 * moves, and passes its trades to the quote cache. Trades outside the regular session are
 * left out: quotes, changes and daily bars all follow the regular session.
 */
export class LiveFeed {
  private loop: ScheduledLoop | undefined;
  /** What the stream was last told to follow (kept here: the stream may be down). */
  private following: ReadonlySet<string> = new Set();

  constructor(private readonly options: LiveFeedOptions) {
    const { stream, cache, session, now } = options;
    stream.onTrades((trades) => {
      const receivedAt = now();
      for (const trade of trades) {
        if (session.isOpenAt(trade.tradedAt)) cache.takeTrade(trade, receivedAt);
      }
    });
  }

  get stream(): TradeStream {
    return this.options.stream;
  }

  /** Whether trades for `symbol` arrive now (subscribed on a connected stream). */
  isStreamed(symbol: string): boolean {
    const { stream } = this.options;
    return stream.state === 'connected' && stream.subscribed.has(symbol);
  }

  /** Follows the heaviest demand within the stream's limit (what is no longer wanted, goes). */
  update(): void {
    const { stream, demand } = this.options;
    const ranked = demand.ranked();
    const weights = new Map(ranked.map(({ symbol, weight }) => [symbol, weight]));
    const kept = [...this.following].filter((symbol) => weights.has(symbol));
    const next = new Set(kept.slice(0, stream.symbolLimit));
    const outside = ranked.filter(({ symbol }) => !next.has(symbol));
    let candidate = 0;
    while (next.size < stream.symbolLimit && candidate < outside.length) {
      next.add(outside[candidate]!.symbol);
      candidate += 1;
    }
    // Swap the lightest followed symbol for the heaviest outside while it clearly weighs more.
    const lightestFirst = [...next].sort((a, b) => weights.get(a)! - weights.get(b)!);
    let lightest = 0;
    while (candidate < outside.length && lightest < lightestFirst.length) {
      const heavy = outside[candidate]!;
      const light = lightestFirst[lightest]!;
      if (heavy.weight <= weights.get(light)! * swapMargin) break;
      next.delete(light);
      next.add(heavy.symbol);
      candidate += 1;
      lightest += 1;
    }
    this.following = next;
    stream.follow(next);
  }

  /** Starts the stream and follows demand every `updateEveryMs` on `scheduler` (the app's). */
  start(scheduler: Scheduler, updateEveryMs = 1_000): void {
    this.options.stream.start(scheduler);
    this.update();
    this.loop = scheduler.every('live feed', updateEveryMs, () => {
      try {
        this.update();
      } catch (error) {
        this.options.log.warn({ err: error }, 'the live feed could not follow demand');
      }
    });
  }

  async stop(): Promise<void> {
    this.loop?.stop();
    this.loop = undefined;
    await this.options.stream.stop();
  }
}
