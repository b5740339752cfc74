import type { Scheduler } from '../../lifecycle/scheduler.ts';
import type { Trade } from '../quotes/quote-cache.ts';

/** `connected`: trades flow; `connecting`: (re)connecting, quotes come from upstream calls. */
export type TradeStreamState = 'connected' | 'connecting';

/**
 * A provider's live trades: one connection, subscribed to the symbols it is told to follow
 * (at most `symbolLimit`), reconnecting by itself when it drops.
 */
export interface TradeStream {
  readonly symbolLimit: number;
  readonly state: TradeStreamState;
  /** Symbols subscribed on the open connection now (empty while not connected). */
  readonly subscribed: ReadonlySet<string>;
  /**
   * Follow exactly these symbols: the stream subscribes to what is new and unsubscribes from
   * what is gone, now or as soon as it is connected.
   */
  follow(symbols: ReadonlySet<string>): void;
  /** Called with each batch of trades as it arrives. */
  onTrades(listener: (trades: readonly Trade[]) => void): void;
  /** Connects; a stream with periodic work of its own runs it on `scheduler` (the app's). */
  start(scheduler: Scheduler): void;
  stop(): Promise<void>;
}
