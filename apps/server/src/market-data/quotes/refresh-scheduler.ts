import type { ScheduledLoop, Scheduler } from '../../lifecycle/scheduler.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
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
 * The share of scheduled calls kept for first quotes while symbols wait for one: at least
 * this much goes to them, in the order their demand began (heaviest first among equals),
 * whatever the refreshes' urgency. So a symbol with n symbols waiting ahead of it has its
 * first quote within about n / (share x pace): at a cold start on a free key (45 scheduled
 * calls a minute), 500 symbols demanded at once all have one within 16 minutes 40 seconds.
 */
export const firstQuoteShare = 2 / 3;
/**
 * First-quote calls the share may save up while nothing waits: a symbol demanded alone (or
 * two together) gets the next scheduled call.
 */
const firstQuoteBurst = 1 + firstQuoteShare;

interface Due {
  symbol: string;
  urgency: number;
  /** When demand for a symbol with no quote (and no call tried) began; undefined otherwise. */
  waitingSince?: number;
  weight: number;
}

/**
 * Spends the provider's call budget on the quotes demand asks for: at an even pace within
 * every limit (never over it, whatever the demand), most urgent first. Urgency is a symbol's
 * age times the square root of its demand weight, which keeps the view-weighted age of
 * quotes low (the optimum gives each symbol calls in proportion to that root) while nothing
 * demanded waits forever.
 *
 * A symbol with no quote yet counts as old as the wait since its demand began, and first
 * quotes get at least `firstQuoteShare` of the calls, oldest demand first. So after a cold
 * start, with hundreds of symbols wanted at once, the most demanded are refreshed again
 * within seconds to minutes while the long tail gets its first quotes, rather than after a
 * whole first pass (11 minutes for 500 symbols), and every symbol still has one within the
 * share's bound. A symbol demanded alone later gets the next call. A symbol a page waits on
 * is fetched at once through the waiting share, not here.
 */
export class RefreshScheduler {
  private credits = burst;
  private firstQuoteCredits = firstQuoteBurst;
  private lastTick: number;
  private loop: ScheduledLoop | undefined;
  /** Calls a millisecond the pace allows; Infinity for a provider without limits. */
  private readonly rate: number;
  /** Demanded symbols with no quote and no call tried yet: when their demand began. */
  private waitingSince = new Map<string, number>();

  constructor(private readonly options: RefreshSchedulerOptions) {
    this.lastTick = options.now();
    const paces = options.budget.limits.map(
      (limit) => (limit.calls - Math.ceil(limit.calls * waitingShare)) / limit.perMs,
    );
    this.rate = paces.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...paces);
  }

  /** Starts the calls that are due now; returns how many it started. */
  tick(): number {
    const { cache } = this.options;
    const time = this.options.now();
    this.credits = Math.min(burst, this.credits + (time - this.lastTick) * this.rate);
    this.lastTick = time;
    const due = this.dueAt(time);
    const byUrgency = [...due].sort((a, b) => b.urgency - a.urgency);
    const firstQuotes = due
      .filter((entry) => entry.waitingSince !== undefined)
      .sort(
        (a, b) =>
          a.waitingSince! - b.waitingSince! ||
          b.weight - a.weight ||
          a.symbol.localeCompare(b.symbol),
      );
    const started = new Set<string>();
    const next = (queue: Due[]) => queue.find((entry) => !started.has(entry.symbol));
    while (this.credits >= 1) {
      const first = this.firstQuoteCredits >= 1 ? next(firstQuotes) : undefined;
      const entry = first ?? next(byUrgency);
      if (!entry) break;
      if (!cache.refreshInBackground(entry.symbol, waitingShare)) break;
      started.add(entry.symbol);
      this.credits -= 1;
      if (first) this.firstQuoteCredits -= 1;
      this.firstQuoteCredits = Math.min(firstQuoteBurst, this.firstQuoteCredits + firstQuoteShare);
    }
    return started.size;
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

  /** Runs a round every `tickMs` on `scheduler` (the app's), until `stop()`. */
  start(scheduler: Scheduler, tickMs = 250): void {
    this.loop = scheduler.every('quote refresh', tickMs, () => {
      try {
        this.tick();
      } catch (error) {
        this.options.log.warn({ err: error }, 'the quote refresh scheduler failed a round');
      }
    });
  }

  stop(): void {
    this.loop?.stop();
    this.loop = undefined;
  }

  /** The demanded symbols that may be refreshed now, with their urgency. */
  private dueAt(time: number): Due[] {
    const { cache, demand, isStreamed } = this.options;
    const due: Due[] = [];
    const waitingSince = new Map<string, number>();
    for (const { symbol, weight } of demand.ranked()) {
      const latest = cache.latest(symbol);
      const attemptedAt = cache.attemptedAt(symbol);
      if (!latest && attemptedAt === undefined) {
        const since = this.waitingSince.get(symbol) ?? time;
        waitingSince.set(symbol, since);
        if (cache.isRefreshing(symbol)) continue;
        due.push({
          symbol,
          urgency: Math.sqrt(weight) * (time - since),
          waitingSince: since,
          weight,
        });
        continue;
      }
      if (cache.isRefreshing(symbol)) continue;
      const never = Number.NEGATIVE_INFINITY;
      const touched = Math.max(latest?.quote.fetchedAt ?? never, attemptedAt ?? never);
      const interval = latest && isStreamed(symbol) ? streamedRefreshMs : minRefreshMs;
      const age = time - touched;
      if (age < interval) continue;
      due.push({ symbol, urgency: Math.sqrt(weight) * age, weight });
    }
    this.waitingSince = waitingSince;
    return due;
  }
}
