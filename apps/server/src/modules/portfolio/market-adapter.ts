import {
  type HistoryService,
  type MarketService,
  type MarketViewer,
  realtimeViewer,
} from '../../market-data/index.ts';
import type { SecurityFacts } from './domain/allocation.ts';
import type { PriceNow } from './domain/holdings.ts';
import { closeScale, priceScale, units } from './domain/money.ts';
import type { CloseSeries } from './domain/valuation.ts';
import type { MarketPrices, StoredCloses } from './market-prices.ts';

/** The exchange's calendar day of an instant. */
const newYorkDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

interface CachedSeries {
  /** The history's version when read: new bars or a revised history change it. */
  version: string;
  from: string;
  series: CloseSeries;
  source: string;
}

/** Symbols whose close series are kept in memory, most recently used last. */
const cachedSymbols = 2_000;

/**
 * Market data for portfolios, from the market module's services: quotes for today's value,
 * stored daily closes (kept in memory per symbol until the history's version changes) for
 * performance, and the symbol directory for names, sectors and types. Prices and closes are
 * those the viewer's plan may see (`for`): a delayed plan's holdings are valued at the price
 * of its delay ago.
 */
export class MarketAdapter implements MarketPrices {
  readonly benchmark = 'SPY';
  constructor(
    private readonly market: MarketService,
    private readonly history: HistoryService,
    /** The market's time (`MarketData.now`), in milliseconds since the epoch. */
    private readonly now: () => number,
    private readonly viewer: MarketViewer = realtimeViewer,
    private readonly closeCache = new Map<string, CachedSeries>(),
  ) {}

  /** The same market data as `viewer`'s plan sees it (the close cache is shared). */
  for(viewer: MarketViewer): MarketAdapter {
    return new MarketAdapter(this.market, this.history, this.now, viewer, this.closeCache);
  }

  today(): string {
    return new Date(this.now()).toISOString().slice(0, 10);
  }

  async latest(symbols: readonly string[]) {
    const prices = new Map<string, PriceNow>();
    let session: string | null = null;
    await Promise.all(
      symbols.map(async (symbol) => {
        const price = await this.priceOf(symbol);
        if (!price) return;
        prices.set(symbol, price.price);
        if (!session || price.session > session) session = price.session;
      }),
    );
    return { prices, session };
  }

  /** The quote; when none can be had, the last stored close the viewer may see, marked delayed. */
  private async priceOf(symbol: string): Promise<{ price: PriceNow; session: string } | null> {
    try {
      const viewed = await this.market.quoteFor(this.viewer, symbol, 'holding');
      const { quote } = viewed;
      if (quote.price > 0) {
        const at = viewed.delayed ? viewed.asOf : (quote.tradedAt ?? quote.fetchedAt);
        return {
          price: {
            price: priceUnits(quote.price),
            previousClose: quote.previousClose > 0 ? priceUnits(quote.previousClose) : null,
            source: this.market.source,
            asOf: new Date(viewed.asOf).toISOString(),
            delayed: viewed.delayed || viewed.stale,
          },
          session: newYorkDate.format(at),
        };
      }
    } catch {
      // No quote for this symbol now: its stored closes stand in below.
    }
    const { bars } = await this.history
      .recentBars(symbol, 2, this.market.lastSessionFor(this.viewer))
      .catch(() => ({ bars: [] }));
    const last = bars.at(-1);
    if (!last) return null;
    const before = bars.at(-2);
    return {
      price: {
        price: priceUnits(last.close),
        previousClose: before ? priceUnits(before.close) : null,
        source: last.source,
        asOf: `${last.date}T21:00:00.000Z`,
        delayed: true,
      },
      session: last.date,
    };
  }

  async closes(symbols: readonly string[], from: string): Promise<StoredCloses> {
    const series = new Map<string, CloseSeries>();
    const sources = new Set<string>();
    let asOf: string | null = null;
    let stale = false;
    const lastSession = this.market.lastSessionFor(this.viewer);
    const versions: string[] = [`through ${lastSession}`];
    await Promise.all(
      symbols.map(async (symbol) => {
        const state = await this.history.state(symbol).catch(() => null);
        versions.push(`${symbol}@${state?.version ?? '-'}`);
        if (!state) return;
        stale ||= state.stale;
        const shown = state.asOf && state.asOf > lastSession ? lastSession : state.asOf;
        if (shown && (asOf === null || shown > asOf)) asOf = shown;
        const cached = await this.cachedCloses(symbol, state.version, from);
        const slice = sliceThrough(sliceFrom(cached.series, from), lastSession);
        if (slice.dates.length === 0) return;
        sources.add(cached.source);
        series.set(symbol, slice);
      }),
    );
    return {
      series,
      sources: [...sources].sort(),
      asOf,
      stale,
      fingerprint: versions.sort().join(','),
    };
  }

  private async cachedCloses(symbol: string, version: string, from: string) {
    const cached = this.closeCache.get(symbol);
    if (cached && cached.version === version && cached.from <= from) {
      // Most recently used last: the first key is the one to drop.
      this.closeCache.delete(symbol);
      this.closeCache.set(symbol, cached);
      return cached;
    }
    const bars = await this.history.store.barsSince(symbol, from);
    const entry: CachedSeries = {
      version,
      from,
      series: {
        dates: bars.map((bar) => bar.date),
        closes: bars.map((bar) => units(bar.close.toFixed(closeScale), closeScale)),
      },
      source: bars.at(-1)?.source ?? this.history.source,
    };
    this.closeCache.delete(symbol);
    this.closeCache.set(symbol, entry);
    if (this.closeCache.size > cachedSymbols) {
      this.closeCache.delete(this.closeCache.keys().next().value as string);
    }
    return entry;
  }

  /** The directory's record of a symbol; null when it knows none (any other failure throws). */
  private async security(symbol: string) {
    try {
      return await this.market.security(symbol);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }

  async facts(symbols: readonly string[]) {
    const facts = new Map<string, SecurityFacts & { symbol: string }>();
    await Promise.all(
      symbols.map(async (symbol) => {
        const security = await this.security(symbol);
        if (security) {
          facts.set(symbol, {
            symbol,
            name: security.name,
            type: security.type,
            sector: security.sector,
          });
        }
      }),
    );
    return facts;
  }

  unknown = async (symbols: readonly string[]): Promise<Set<string>> => {
    const unknown = new Set<string>();
    await Promise.all(
      symbols.map(async (symbol) => {
        if (!(await this.security(symbol))) unknown.add(symbol);
      }),
    );
    return unknown;
  };
}

/** A provider's price (a binary float) to the ledger's 1e-6 of a dollar. */
function priceUnits(price: number): bigint {
  return units(price.toFixed(priceScale), priceScale);
}

/** The part of a series up to `last` (a delayed plan sees a day's close once it is old enough). */
function sliceThrough(series: CloseSeries, last: string): CloseSeries {
  let end = series.dates.length;
  while (end > 0 && series.dates[end - 1]! > last) end -= 1;
  if (end === series.dates.length) return series;
  return { dates: series.dates.slice(0, end), closes: series.closes.slice(0, end) };
}

/** The part of a series from `from` on (the series is sorted by date). */
function sliceFrom(series: CloseSeries, from: string): CloseSeries {
  let start = 0;
  while (start < series.dates.length && series.dates[start]! < from) start += 1;
  if (start === 0) return series;
  return { dates: series.dates.slice(start), closes: series.closes.slice(start) };
}
