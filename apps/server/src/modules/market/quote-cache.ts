import type { CallBudget } from '../../upstream/call-budget.ts';
import type { MarketLog } from '../../upstream/market-log.ts';
import type { MarketProvider, ProviderQuote } from './providers/market-provider.ts';

export interface CachedQuote extends ProviderQuote {
  /** When the upstream call that gave this quote was made. */
  fetchedAt: number;
}

export interface QuoteReading {
  quote: CachedQuote;
  /** The latest refresh failed or could not be made: this is the last good quote. */
  delayed: boolean;
}

/** No quote for this symbol was ever fetched, so there is nothing to serve. */
export class MarketDataUnavailable extends Error {
  override name = 'MarketDataUnavailable';
  constructor(readonly retryAfterSeconds: number) {
    super('No market data has been fetched yet');
  }
}

interface Entry {
  quote?: CachedQuote;
  delayed: boolean;
  attemptedAt?: number;
  refreshing?: Promise<void>;
}

/** Told of every quote the server takes in from the provider (alerts are checked on each). */
export type QuoteListener = (symbol: string, quote: CachedQuote) => void;

export interface UpstreamDeps {
  provider: MarketProvider;
  budget: CallBudget;
  now: () => number;
  log: MarketLog;
  timeoutMs: number;
}

/**
 * Quotes per symbol, refreshed at most once per `ttlMs` however many users ask: concurrent
 * misses share one upstream call, and a failed refresh keeps serving the last good quote.
 */
export class QuoteCache {
  static readonly ttlMs = 15_000;
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<QuoteListener>();

  constructor(private readonly deps: UpstreamDeps) {}

  /** Calls `listener` with each new quote; returns the unsubscribe. */
  onQuote(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes in a new quote now, however fresh the cached one is (within the call budget). */
  async refreshNow(symbol: string): Promise<QuoteReading> {
    const entry = this.entryFor(symbol);
    if (entry.refreshing) await entry.refreshing;
    entry.refreshing = this.refresh(symbol, entry).finally(() => {
      entry.refreshing = undefined;
    });
    await entry.refreshing;
    if (!entry.quote) throw new MarketDataUnavailable(this.secondsUntilDue(entry));
    return { quote: entry.quote, delayed: entry.delayed };
  }

  /** When the cached quote of `symbol` was last attempted, if ever (the alert keeper's order). */
  attemptedAt(symbol: string): number | undefined {
    return this.entries.get(symbol)?.attemptedAt;
  }

  /** `maxAgeMs`: how old a quote may be before a refresh (lists of many symbols ask less). */
  async get(symbol: string, maxAgeMs = QuoteCache.ttlMs): Promise<QuoteReading> {
    const entry = this.entryFor(symbol);
    if (!entry.refreshing && this.isDue(entry, maxAgeMs)) {
      entry.refreshing = this.refresh(symbol, entry).finally(() => {
        entry.refreshing = undefined;
      });
    }
    if (entry.refreshing) await entry.refreshing;
    if (!entry.quote) throw new MarketDataUnavailable(this.secondsUntilDue(entry));
    return { quote: entry.quote, delayed: entry.delayed };
  }

  private entryFor(symbol: string): Entry {
    let entry = this.entries.get(symbol);
    if (!entry) {
      entry = { delayed: false };
      this.entries.set(symbol, entry);
    }
    return entry;
  }

  // A failed attempt counts too: a struggling provider is not retried faster than a working one.
  private isDue(entry: Entry, maxAgeMs: number): boolean {
    return entry.attemptedAt === undefined || this.deps.now() - entry.attemptedAt >= maxAgeMs;
  }

  private secondsUntilDue(entry: Entry): number {
    if (entry.attemptedAt === undefined) return 1;
    const waitMs = entry.attemptedAt + QuoteCache.ttlMs - this.deps.now();
    return Math.max(1, Math.ceil(waitMs / 1000));
  }

  private async refresh(symbol: string, entry: Entry): Promise<void> {
    const { provider, budget, now, log, timeoutMs } = this.deps;
    if (!budget.tryTake()) {
      entry.delayed = true;
      return;
    }
    const attemptedAt = now();
    entry.attemptedAt = attemptedAt;
    try {
      const quote = await provider.quote(symbol, AbortSignal.timeout(timeoutMs));
      const taken = { ...quote, fetchedAt: attemptedAt };
      entry.quote = taken;
      entry.delayed = false;
      for (const listener of this.listeners) {
        try {
          listener(symbol, taken);
        } catch (error) {
          log.warn({ symbol, err: error }, 'a quote listener failed');
        }
      }
    } catch (error) {
      entry.delayed = true;
      log.warn({ symbol, err: error }, 'quote refresh failed; serving the last known price');
    }
  }
}
