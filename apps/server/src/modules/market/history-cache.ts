import type { PricePoint, StockSymbol } from '@tickerwise/shared';
import { dayMs, utcDayNumber } from './market-days.ts';
import type { UpstreamDeps } from './quote-cache.ts';
import { cleanSeries, historyDays, syntheticSeries } from './synthetic-series.ts';

interface Entry {
  series?: PricePoint[];
  /** The UTC day `series` was made for. */
  day?: number;
  /** After a failed load, no new attempt before this time. */
  retryAt?: number;
  loading?: Promise<void>;
}

/**
 * The 30-day daily history per symbol, fetched at most once per UTC day. A provider without candles
 * gets the synthetic series of docs/PRODUCT.md §7.2 (kept for the day); a failed load serves the
 * last series, or the synthetic one, and is retried after `retryMs`.
 */
export class HistoryCache {
  static readonly retryMs = 5 * 60_000;
  private readonly entries = new Map<StockSymbol, Entry>();

  constructor(private readonly deps: UpstreamDeps) {}

  async get(symbol: StockSymbol, currentPrice: number): Promise<PricePoint[]> {
    const entry = this.entryFor(symbol);
    const now = this.deps.now();
    const today = utcDayNumber(now);
    if (entry.day !== today && !entry.loading && (entry.retryAt ?? 0) <= now) {
      const loading = this.load(symbol, entry, currentPrice, today);
      entry.loading = loading.finally(() => {
        entry.loading = undefined;
      });
    }
    if (entry.loading) await entry.loading;
    return entry.series ?? syntheticSeries(currentPrice, now);
  }

  private entryFor(symbol: StockSymbol): Entry {
    let entry = this.entries.get(symbol);
    if (!entry) {
      entry = {};
      this.entries.set(symbol, entry);
    }
    return entry;
  }

  private async load(
    symbol: StockSymbol,
    entry: Entry,
    currentPrice: number,
    today: number,
  ): Promise<void> {
    const { provider, budget, now, log, timeoutMs } = this.deps;
    if (!budget.tryTake()) return;
    const toMs = now();
    try {
      const closes = await provider.dailyCloses(
        symbol,
        { fromMs: toMs - historyDays * dayMs, toMs },
        AbortSignal.timeout(timeoutMs),
      );
      const series = closes ? cleanSeries(closes) : [];
      entry.series = series.length > 0 ? series : syntheticSeries(currentPrice, toMs);
      entry.day = today;
    } catch (error) {
      entry.retryAt = toMs + HistoryCache.retryMs;
      log.warn({ symbol, err: error }, 'price history load failed; serving the last series');
    }
  }
}
