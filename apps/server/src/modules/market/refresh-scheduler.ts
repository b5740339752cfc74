import type { CallBudget } from '../../upstream/call-budget.ts';
import type { MarketLog } from '../../upstream/market-log.ts';
import type { DemandRegistry } from './demand.ts';
import type { QuoteCache } from './quote-cache.ts';

export interface RefreshSchedulerOptions {
  cache: QuoteCache;
  demand: DemandRegistry;
  budget: CallBudget;
  now: () => number;
  log: MarketLog;
  /** Whether trades for the symbol arrive from the stream now (it needs few upstream calls). */
  isStreamed: (symbol: string) => boolean;
}

/**
 * The share of every limit the scheduler leaves free, for calls someone waits on: a symbol
 * nobody fetched yet, company data, symbol search, daily candles.
 */
export const waitingShare = 0.25;
/** No symbol is refreshed more often than this by upstream calls. */
export const minRefreshMs = 15_000;
/**
 * A streamed symbol's quote is refreshed this often anyway: trades give the price, the call
 * the day's open, high, low and previous close (and a quiet symbol has no trades).
 */
export const streamedRefreshMs = 5 * 60_000;
/** Calls the pacing may save up while there is nothing to refresh, and spend at once. */
const burst = 3;

/**
 * Spends the provider's call budget on the quotes demand asks for: at an even pace within
 * every limit (never over it, whatever the demand), most urgent first. Urgency is a symbol's
 * age times the square root of its demand weight, which keeps the view-weighted age of
 * quotes low (the optimum gives each symbol calls in proportion to that root) while nothing
 * demanded waits forever. A symbol never fetched comes first.
 */
export class RefreshScheduler {
  private credits = burst;
  private lastTick: number;
  private timer: NodeJS.Timeout | undefined;
  /** Calls a millisecond the pace allows; Infinity for a provider without limits. */
  private readonly rate: number;

  constructor(private readonly options: RefreshSchedulerOptions) {
    this.lastTick = options.now();
    const paces = options.budget.limits.map(
      (limit) => (limit.calls - Math.ceil(limit.calls * waitingShare)) / limit.perMs,
    );
    this.rate = paces.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...paces);
  }

  /** Starts the calls that are due now; returns how many it started. */
  tick(): number {
    const { cache, demand, now, isStreamed } = this.options;
    const time = now();
    this.credits = Math.min(burst, this.credits + (time - this.lastTick) * this.rate);
    this.lastTick = time;
    const due: { symbol: string; urgency: number }[] = [];
    for (const { symbol, weight } of demand.ranked()) {
      if (cache.isRefreshing(symbol)) continue;
      const latest = cache.latest(symbol);
      const never = Number.NEGATIVE_INFINITY;
      const touched = Math.max(
        latest?.quote.fetchedAt ?? never,
        cache.attemptedAt(symbol) ?? never,
      );
      const interval = latest && isStreamed(symbol) ? streamedRefreshMs : minRefreshMs;
      const age = time - touched;
      if (age < interval) continue;
      const urgency = Number.isFinite(age) ? Math.sqrt(weight) * age : 1e15 * Math.sqrt(weight);
      due.push({ symbol, urgency });
    }
    due.sort((a, b) => b.urgency - a.urgency);
    let started = 0;
    for (const { symbol } of due) {
      if (this.credits < 1) break;
      if (!cache.refreshInBackground(symbol, waitingShare)) break;
      this.credits -= 1;
      started += 1;
    }
    return started;
  }

  /** Age of the oldest quote among the demanded symbols that have one, in ms. */
  stalestDemandedAgeMs(): number | null {
    const { cache, demand, now } = this.options;
    const time = now();
    let oldest: number | null = null;
    for (const { symbol } of demand.ranked()) {
      const latest = cache.latest(symbol);
      if (!latest) continue;
      const age = time - latest.quote.fetchedAt;
      if (oldest === null || age > oldest) oldest = age;
    }
    return oldest;
  }

  start(tickMs = 250): void {
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch (error) {
        this.options.log.warn({ err: error }, 'the quote refresh scheduler failed a round');
      }
    }, tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
