import type { MarketProvider } from '../adapters/market-provider.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import type { CachedQuote } from './cached-quote.ts';
import type { QuoteHistory } from './quote-history.ts';

export type { CachedQuote };

export interface QuoteReading {
  quote: CachedQuote;
  /** The latest refresh failed or could not be made: this is the last good quote. */
  stale: boolean;
}

/** One trade from a provider's live stream. */
export interface Trade {
  symbol: string;
  price: number;
  /** When it traded (epoch ms). */
  tradedAt: number;
}

/** Where a quote came from: a trade on the provider's stream, or an upstream call's answer. */
export type QuoteOrigin = 'trade' | 'call';

/** Called with every new quote the server takes in, from an upstream answer or a trade. */
export type QuoteListener = (symbol: string, quote: CachedQuote, origin: QuoteOrigin) => void;

/** No quote for this symbol was ever fetched, so there is nothing to serve. */
export class MarketDataUnavailable extends Error {
  override name = 'MarketDataUnavailable';
  constructor(readonly retryAfterSeconds: number) {
    super('No market data has been fetched yet');
  }
}

interface Entry {
  quote?: CachedQuote;
  stale: boolean;
  /** The last upstream call for this symbol (made or refused by the budget). */
  attemptedAt?: number;
  refreshing?: Promise<void>;
}

export interface UpstreamDeps {
  provider: MarketProvider;
  budget: CallBudget;
  now: () => number;
  log: MarketLog;
  timeoutMs: number;
  history: QuoteHistory;
}

/**
 * The latest quote per symbol, shared by every user. Quotes come in from upstream calls
 * (concurrent ones for a symbol share one call, a failed one keeps serving the last good
 * quote) and from the provider's trade stream; every one is announced to `onQuote`
 * listeners and kept in the recent history that delayed plans are served from.
 */
export class QuoteCache {
  static readonly ttlMs = 15_000;
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<QuoteListener>();

  constructor(private readonly deps: UpstreamDeps) {}

  /** The cached quote, without any upstream call; undefined when none was ever taken in. */
  latest(symbol: string): QuoteReading | undefined {
    const entry = this.entries.get(symbol);
    return entry?.quote ? { quote: entry.quote, stale: entry.stale } : undefined;
  }

  /**
   * The quote, refreshed first when it is older than `maxAgeMs` (someone is waiting, so the
   * whole budget is open to it). Throws MarketDataUnavailable when none can be had.
   */
  async get(symbol: string, maxAgeMs = QuoteCache.ttlMs): Promise<QuoteReading> {
    const entry = this.entryFor(symbol);
    if (!entry.refreshing && this.isDue(entry, maxAgeMs)) this.startRefresh(symbol, entry, 0);
    if (entry.refreshing) await entry.refreshing;
    if (!entry.quote) throw new MarketDataUnavailable(this.secondsUntilDue(entry));
    return { quote: entry.quote, stale: entry.stale };
  }

  /**
   * The cached quote; an upstream call is made only when there is none yet (and none was
   * tried in the last 15 s).
   */
  read(symbol: string): Promise<QuoteReading> {
    const entry = this.entries.get(symbol);
    if (entry?.quote) return Promise.resolve({ quote: entry.quote, stale: entry.stale });
    return this.get(symbol);
  }

  /**
   * Takes in a new quote from the provider now, however fresh the cached one is (within the
   * budget): a test server's steered simulated price takes effect at once.
   */
  async refreshNow(symbol: string): Promise<QuoteReading> {
    const entry = this.entryFor(symbol);
    if (entry.refreshing) await entry.refreshing;
    this.startRefresh(symbol, entry, 0);
    await entry.refreshing;
    if (!entry.quote) throw new MarketDataUnavailable(this.secondsUntilDue(entry));
    return { quote: entry.quote, stale: entry.stale };
  }

  /** Resolves once no upstream call is in flight (shutdown waits for it). */
  async settled(): Promise<void> {
    const inFlight = [...this.entries.values()].flatMap((entry) =>
      entry.refreshing ? [entry.refreshing] : [],
    );
    await Promise.all(inFlight);
  }

  /**
   * Starts a refresh for the scheduler if the budget has room beyond the `leave` share kept
   * for waiting users. False when the budget said no (nothing was started).
   */
  refreshInBackground(symbol: string, leave: number): boolean {
    const entry = this.entryFor(symbol);
    if (entry.refreshing) return true;
    // This instance's room now; the refresh then takes the call in earnest (with the other
    // instances' calls counted) or, refused, leaves the quote as it was for a later tick.
    if (!this.deps.budget.hasRoom(leave)) return false;
    this.startRefresh(symbol, entry, leave, true);
    return true;
  }

  /** When the last upstream call for the symbol was attempted, if ever. */
  attemptedAt(symbol: string): number | undefined {
    return this.entries.get(symbol)?.attemptedAt;
  }

  isRefreshing(symbol: string): boolean {
    return this.entries.get(symbol)?.refreshing !== undefined;
  }

  /**
   * A trade from the stream moves the price of a symbol whose quote is known (the trade alone
   * has no previous close); older trades than the quote's are ignored.
   */
  takeTrade(trade: Trade, receivedAt: number): void {
    const entry = this.entries.get(trade.symbol);
    const quote = entry?.quote;
    if (!entry || !quote || !(trade.price > 0)) return;
    if (quote.tradedAt !== undefined && trade.tradedAt < quote.tradedAt) return;
    entry.stale = false;
    this.take(trade.symbol, entry, 'trade', {
      ...quote,
      price: trade.price,
      ...(quote.high !== undefined ? { high: Math.max(quote.high, trade.price) } : {}),
      ...(quote.low !== undefined ? { low: Math.min(quote.low, trade.price) } : {}),
      tradedAt: trade.tradedAt,
      fetchedAt: receivedAt,
    });
  }

  /** Calls `listener` with every new quote taken in; returns the function that stops it. */
  onQuote(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private take(symbol: string, entry: Entry, origin: QuoteOrigin, quote: CachedQuote): void {
    entry.quote = quote;
    this.deps.history.record(symbol, quote);
    for (const listener of this.listeners) {
      try {
        listener(symbol, quote, origin);
      } catch (error) {
        this.deps.log.warn({ symbol, err: error }, 'a quote listener failed');
      }
    }
  }

  private entryFor(symbol: string): Entry {
    let entry = this.entries.get(symbol);
    if (!entry) {
      entry = { stale: false };
      this.entries.set(symbol, entry);
    }
    return entry;
  }

  // A failed attempt counts too: a struggling provider is not retried faster than a working one.
  private isDue(entry: Entry, maxAgeMs: number): boolean {
    if (entry.attemptedAt === undefined) return true;
    const age = this.deps.now() - Math.max(entry.attemptedAt, entry.quote?.fetchedAt ?? 0);
    return age >= maxAgeMs;
  }

  private secondsUntilDue(entry: Entry): number {
    if (entry.attemptedAt === undefined) return 1;
    const waitMs = entry.attemptedAt + QuoteCache.ttlMs - this.deps.now();
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  /**
   * `leave`: the budget share to leave free. A `background` refresh the budget refuses leaves
   * the quote as it was; a refused one someone waits on marks the known quote stale.
   */
  private startRefresh(symbol: string, entry: Entry, leave: number, background = false): void {
    entry.refreshing = this.refresh(symbol, entry, leave, background).finally(() => {
      entry.refreshing = undefined;
    });
  }

  private async refresh(
    symbol: string,
    entry: Entry,
    leave: number,
    background: boolean,
  ): Promise<void> {
    const { provider, budget, now, log, timeoutMs } = this.deps;
    const attemptedAt = now();
    if (!(await budget.tryTake(leave))) {
      if (!background) entry.stale = entry.quote !== undefined;
      return;
    }
    entry.attemptedAt = attemptedAt;
    try {
      const answer = await provider.quote(symbol, AbortSignal.timeout(timeoutMs));
      entry.stale = false;
      this.take(symbol, entry, 'call', merged(entry.quote, { ...answer, fetchedAt: attemptedAt }));
    } catch (error) {
      entry.stale = true;
      log.warn({ symbol, err: error }, 'quote refresh failed; serving the last known price');
    }
  }
}

/**
 * An upstream answer over the quote it replaces. A trade the stream delivered after the
 * answer's own last trade stays the price; the answer brings the day's figures.
 */
function merged(current: CachedQuote | undefined, answer: CachedQuote): CachedQuote {
  if (
    !current?.tradedAt ||
    answer.tradedAt === undefined ||
    current.tradedAt <= answer.tradedAt ||
    !(answer.price > 0)
  ) {
    return answer;
  }
  return {
    ...answer,
    price: current.price,
    tradedAt: current.tradedAt,
    ...(answer.high !== undefined ? { high: Math.max(answer.high, current.price) } : {}),
    ...(answer.low !== undefined ? { low: Math.min(answer.low, current.price) } : {}),
  };
}
