import {
  type MarketDataAccess,
  type MarketHealth,
  type MarketStatus,
  type PriceQuote,
  parseTickerSymbol,
  type Quote,
  type Stock,
  stockSymbols,
} from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';
import type { Scheduler } from '../../lifecycle/scheduler.ts';
import type { MarketProvider } from '../adapters/market-provider.ts';
import type { TradeStream } from '../adapters/trade-stream.ts';
import { type BarLike, yearOfBarsWithMargin, yearRange } from '../bar-figures.ts';
import { lastClosedSession, marketStatusAt } from '../calendar/market-calendar.ts';
import { roundCents } from '../calendar/market-days.ts';
import { periodStartIndex } from '../calendar/periods.ts';
import type { CompanyService } from '../company/service.ts';
import type { HistoryService } from '../history/service.ts';
import { featuredEtfs } from '../reference/universe.ts';
import type { Security, SymbolDirectory } from '../symbols/service.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import { type DemandReason, DemandRegistry } from './demand.ts';
import { LiveFeed } from './live-feed.ts';
import {
  type CachedQuote,
  MarketDataUnavailable,
  QuoteCache,
  type QuoteListener,
  type QuoteReading,
} from './quote-cache.ts';
import { QuoteHistory } from './quote-history.ts';
import { RefreshScheduler } from './refresh-scheduler.ts';
import { RegularSession } from './regular-session.ts';
import { syntheticSeries } from './synthetic-series.ts';

export type { MarketProvider } from '../adapters/market-provider.ts';
export { roundCents } from '../calendar/market-days.ts';
export type { DemandReason, DemandRegistry } from './demand.ts';
export type { CachedQuote, QuoteListener, QuoteOrigin, QuoteReading } from './quote-cache.ts';
export { MarketDataUnavailable } from './quote-cache.ts';
export { type StandingDemand, symbolCounts } from './standing-demand.ts';

/** What market data a viewer's plan sees: real-time, or delayed by some minutes. */
export type MarketViewer = MarketDataAccess;
export const realtimeViewer: MarketViewer = { kind: 'realtime' };

/** A quote as one viewer may see it. */
export interface ViewedQuote {
  quote: CachedQuote;
  /** The provider could not be reached lately: this is the last price it gave. */
  stale: boolean;
  /** The viewer's plan sees prices `delayMinutes` late; `asOf` is the instant shown. */
  delayed: boolean;
  delayMinutes: number;
  /** The instant the price stands for (epoch ms). */
  asOf: number;
}

export interface MarketServiceOptions {
  provider: MarketProvider;
  /** The provider's call budget, shared with company data and symbol search. */
  budget: CallBudget;
  history: HistoryService;
  company: CompanyService;
  directory: SymbolDirectory;
  log: MarketLog;
  now?: () => number;
  /** How long one upstream call may take before it counts as failed. */
  upstreamTimeoutMs?: number;
  /** The provider's live trade stream, when it has one. */
  stream?: TradeStream;
}

/** How long a page's read keeps a symbol in demand: pages poll every minute. */
export const pageDemandMs = 2 * 60_000;
/** Prices are kept this far back for delayed plans (the longest delay, and a margin). */
const pastQuotesKeptMs = 20 * 60_000;

export function stockNotFound(): AppError {
  return new AppError(
    404,
    'stock_not_found',
    'Stock not found. Tickerwise covers US stocks and ETFs: search by symbol or company name.',
  );
}

function marketDataUnavailable(cause: MarketDataUnavailable): AppError {
  return new AppError(
    503,
    'market_data_unavailable',
    'Market data is unavailable right now. Please try again in a moment.',
    undefined,
    { 'retry-after': String(cause.retryAfterSeconds) },
  );
}

/** Percent versus the previous close; 0 when there is no previous close. */
export function percentChange(price: number, previousClose: number): number {
  return previousClose > 0 ? roundCents(((price - previousClose) / previousClose) * 100) : 0;
}

const delayMinutesOf = (viewer: MarketViewer) =>
  viewer.kind === 'delayed' ? viewer.delayMinutes : 0;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Stock records and quotes from the server-side quote cache and the stored daily bars: the
 * browser never talks to the provider, and every user shares the same upstream calls. Upstream
 * calls go where demand is (`demand`), within the provider's budget; the provider's trade
 * stream, when it has one, keeps the most demanded symbols live. Every price a route serves
 * goes through `quoteFor` (and every bar through `lastSessionFor`), which holds a delayed
 * plan to the price of its delay ago (docs/PRODUCT.md §7.5).
 */
export class MarketService {
  /** Which symbols people want fresh: modules add to it (`want`, `hold`). */
  readonly demand: DemandRegistry;
  private readonly quotes: QuoteCache;
  private readonly pastQuotes = new QuoteHistory(pastQuotesKeptMs);
  private readonly feed: LiveFeed | undefined;
  private readonly scheduler: RefreshScheduler;
  private readonly now: () => number;
  private readonly session = new RegularSession();

  constructor(private readonly options: MarketServiceOptions) {
    const { provider, budget, log, now = Date.now, upstreamTimeoutMs = 5_000, stream } = options;
    this.now = now;
    this.demand = new DemandRegistry(now);
    this.quotes = new QuoteCache({
      provider,
      budget,
      now,
      log,
      timeoutMs: upstreamTimeoutMs,
      history: this.pastQuotes,
    });
    const { session } = this;
    this.feed = stream
      ? new LiveFeed({ stream, demand: this.demand, cache: this.quotes, session, now, log })
      : undefined;
    this.scheduler = new RefreshScheduler({
      cache: this.quotes,
      demand: this.demand,
      budget,
      now,
      log,
      isStreamed: (symbol) => this.isStreamed(symbol),
    });
  }

  get source() {
    return this.options.provider.source;
  }

  /** Starts the trade stream and the scheduled refreshes on `scheduler` (the app's, on ready). */
  start(scheduler: Scheduler): void {
    this.feed?.start(scheduler);
    this.scheduler.start(scheduler);
  }

  async stop(): Promise<void> {
    this.scheduler.stop();
    await this.feed?.stop();
    await this.quotes.settled();
  }

  /** Resolves once no upstream quote call is in flight. */
  settled(): Promise<void> {
    return this.quotes.settled();
  }

  /**
   * Calls `listener(symbol, quote)` with every new quote the server takes in (an upstream
   * answer or a streamed trade), real-time, whoever asked for it. Returns the function that
   * stops it. Whatever it passes on to a user must go through `quoteFor` for their plan.
   */
  onQuote(listener: QuoteListener): () => void {
    return this.quotes.onQuote(listener);
  }

  /** Starts the upstream calls demand asks for now (the app does this four times a second). */
  refreshDue(): number {
    return this.scheduler.tick();
  }

  /** Points the trade stream at the symbols most in demand now (the app does, every second). */
  followDemand(): void {
    this.feed?.update();
  }

  /** Whether the symbol's trades arrive from the provider's stream now. */
  isStreamed(symbol: string): boolean {
    return this.feed?.isStreamed(symbol) ?? false;
  }

  /**
   * Whether trades carry the symbol's price now: it is streamed and the regular session is
   * open (outside it nothing trades, and an upstream answer is the only news).
   */
  isTrading(symbol: string): boolean {
    return this.isStreamed(symbol) && this.session.isOpenAt(this.now());
  }

  /** The security a path segment names, or 404 without any upstream call. */
  async security(symbolParam: string): Promise<Security> {
    const symbol = parseTickerSymbol(symbolParam);
    const security = symbol ? await this.options.directory.find(symbol) : undefined;
    if (!security) throw stockNotFound();
    return security;
  }

  /** The symbols of a list that no US stock or ETF we know of has. */
  async unknownSymbols(symbols: readonly string[]): Promise<string[]> {
    const found = await Promise.all(
      symbols.map(async (symbol) => ((await this.options.directory.find(symbol)) ? null : symbol)),
    );
    return found.filter((symbol): symbol is string => symbol !== null);
  }

  /**
   * The latest quote of any known symbol, refreshed first when older than 15 s, real-time and
   * for the server's own work only (the daily refresh). What users see goes through `quoteFor`.
   */
  async quote(symbol: string, maxAgeMs?: number): Promise<QuoteReading> {
    return this.quotes.get(symbol, maxAgeMs);
  }

  /** A new quote from the provider now, within the call budget (the simulation control). */
  async refreshQuote(symbol: string): Promise<QuoteReading> {
    return this.quotes.refreshNow(symbol);
  }

  /** When a symbol's quote was last asked of the provider, if ever. */
  quoteAttemptedAt(symbol: string): number | undefined {
    return this.quotes.attemptedAt(symbol);
  }

  /** Quote calls a minute the provider allows, or null when it sets no limit. */
  get callsPerMinute(): number | null {
    return this.options.budget.callsPerMinute;
  }

  /**
   * The quote of any listed symbol as `viewer` may see it, without stored bars or company
   * data: the public API's quote. 404 for an unknown symbol or one without a price.
   */
  async latestQuote(viewer: MarketViewer, symbolParam: string): Promise<Quote> {
    const security = await this.security(symbolParam);
    let viewed: ViewedQuote;
    try {
      viewed = await this.quoteFor(viewer, security.symbol);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) throw marketDataUnavailable(error);
      throw error;
    }
    const { quote } = viewed;
    if (!(quote.price > 0)) throw stockNotFound();
    return {
      ...this.toQuote(security.symbol, viewed),
      name: security.name,
      type: security.type,
      previousClose: roundCents(Math.max(0, quote.previousClose)),
      open: quote.open ?? null,
      high: quote.high ?? null,
      low: quote.low ?? null,
      volume: quote.volume ?? null,
    };
  }

  /**
   * The quote of `symbol` as `viewer`'s plan may see it, and a note that someone wants it
   * fresh (`reason`, for `demandMs`). Real-time plans get the latest quote; a plan delayed by
   * N minutes gets the price of N minutes ago (from the recent prices the server took in; the
   * previous close when none that old is known), never a newer one. Waits for an upstream call
   * only when the symbol has no quote yet; throws MarketDataUnavailable when none can be had.
   */
  async quoteFor(
    viewer: MarketViewer,
    symbol: string,
    reason: DemandReason = 'viewing',
    demandMs = pageDemandMs,
  ): Promise<ViewedQuote> {
    this.demand.want(symbol, reason, demandMs);
    const viewed = this.knownQuoteFor(viewer, symbol);
    if (viewed) return viewed;
    await this.quotes.read(symbol);
    const fetched = this.knownQuoteFor(viewer, symbol);
    if (!fetched) throw new MarketDataUnavailable(1);
    return fetched;
  }

  /**
   * Quotes of many symbols as `viewer` may see them, without waiting on any upstream call:
   * those with no price yet are `pending` (demand now asks for them first).
   */
  quotesFor(
    viewer: MarketViewer,
    symbols: readonly string[],
    reason: DemandReason = 'viewing',
    demandMs = pageDemandMs,
  ): { quotes: PriceQuote[]; pending: string[] } {
    const quotes: PriceQuote[] = [];
    const pending: string[] = [];
    for (const symbol of new Set(symbols)) {
      this.demand.want(symbol, reason, demandMs);
      const viewed = this.knownQuoteFor(viewer, symbol);
      if (viewed && viewed.quote.price > 0) quotes.push(this.toQuote(symbol, viewed));
      else pending.push(symbol);
    }
    return { quotes, pending };
  }

  /** The last trading day whose bar `viewer` may see: a day closes for them `delay` late. */
  lastSessionFor(viewer: MarketViewer): string {
    return lastClosedSession(this.now() - delayMinutesOf(viewer) * 60_000);
  }

  /** Whether the exchange trades now, from the NYSE calendar (docs/PRODUCT.md §7.6). */
  marketStatus(): MarketStatus {
    const { state, asOf, session, closesAt, nextOpen } = marketStatusAt(this.now());
    return { state, asOf: iso(asOf), session, closesAt: iso(closesAt), nextOpen: iso(nextOpen) };
  }

  /** The five tracked stocks with a price; 503 only when no price was ever fetched. */
  async listStocks(viewer: MarketViewer): Promise<Stock[]> {
    const securities = await Promise.all(stockSymbols.map((symbol) => this.security(symbol)));
    return this.list(viewer, securities);
  }

  /** The featured major ETFs, as records like the stocks list's. */
  async listEtfs(viewer: MarketViewer): Promise<Stock[]> {
    const securities = await Promise.all(featuredEtfs.map((etf) => this.security(etf.symbol)));
    return this.list(viewer, securities);
  }

  async getStock(viewer: MarketViewer, symbolParam: string): Promise<Stock> {
    const security = await this.security(symbolParam);
    let stock: Stock | undefined;
    try {
      stock = await this.record(viewer, security, true);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) throw marketDataUnavailable(error);
      throw error;
    }
    if (!stock) throw stockNotFound();
    return stock;
  }

  /**
   * A symbol's price (real-time) and market value as its stock record shows them, without the
   * rest of the record (bars, 52-week range, P/E, series): what the community's small-company
   * rule reads for each cashtag of a post. 404 and 503 as `getStock`.
   */
  async priceAndMarketCap(
    symbolParam: string,
  ): Promise<{ symbol: string; price: number; marketCap: number | null }> {
    const security = await this.security(symbolParam);
    let viewed: ViewedQuote;
    try {
      viewed = await this.quoteFor(realtimeViewer, security.symbol);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) throw marketDataUnavailable(error);
      throw error;
    }
    if (!(viewed.quote.price > 0)) throw stockNotFound();
    const lastSession = this.lastSessionFor(realtimeViewer);
    return {
      symbol: security.symbol,
      price: roundCents(viewed.quote.price),
      marketCap: await this.options.company.marketCap(security, lastSession),
    };
  }

  /** How the feed stands, for `GET /api/health`. */
  status(): MarketHealth {
    const { budget } = this.options;
    const stalest = this.scheduler.stalestDemandedAgeMs();
    return {
      source: this.source,
      time: iso(this.now()),
      stream: this.feed?.stream.state ?? 'off',
      streamedSymbols: this.feed?.stream.subscribed.size ?? 0,
      streamSymbolLimit: this.feed?.stream.symbolLimit ?? 0,
      callsLastMinute: budget.used(60_000),
      callsPerMinute: budget.callsPerMinute,
      demandedSymbols: this.demand.ranked().length,
      stalestDemandedQuoteSeconds: stalest === null ? null : Math.round(stalest / 100) / 10,
    };
  }

  /** The quote `viewer` may see from what is known now, without any upstream call. */
  private knownQuoteFor(viewer: MarketViewer, symbol: string): ViewedQuote | undefined {
    const latest = this.quotes.latest(symbol);
    if (viewer.kind === 'realtime') {
      return latest && { ...latest, delayed: false, delayMinutes: 0, asOf: latest.quote.fetchedAt };
    }
    const cutoff = this.now() - viewer.delayMinutes * 60_000;
    const stale = latest?.stale ?? false;
    const { quoteAt } = this.options.provider;
    if (quoteAt) {
      // A provider that knows every past instant (the simulated one) answers exactly.
      if (!latest) return undefined;
      const quote = { ...quoteAt(symbol, cutoff), fetchedAt: cutoff };
      return { quote, stale, delayed: true, delayMinutes: viewer.delayMinutes, asOf: cutoff };
    }
    const past = this.pastQuotes.at(symbol, cutoff);
    if (!past) return undefined;
    return {
      quote: past.quote,
      stale,
      delayed: true,
      delayMinutes: viewer.delayMinutes,
      asOf: past.asOf,
    };
  }

  private toQuote(symbol: string, viewed: ViewedQuote): PriceQuote {
    const { quote } = viewed;
    return {
      symbol,
      price: roundCents(quote.price),
      change: percentChange(quote.price, quote.previousClose),
      previousClose: roundCents(quote.previousClose),
      source: this.source,
      delayed: viewed.delayed,
      delayMinutes: viewed.delayMinutes,
      asOf: iso(viewed.asOf),
      stale: viewed.stale,
    };
  }

  private async list(viewer: MarketViewer, securities: Security[]): Promise<Stock[]> {
    const results = await Promise.allSettled(
      securities.map((security) => this.record(viewer, security, false)),
    );
    const stocks: Stock[] = [];
    let unavailable: MarketDataUnavailable | undefined;
    for (const result of results) {
      if (result.status === 'fulfilled') {
        if (result.value) stocks.push(result.value);
      } else if (result.reason instanceof MarketDataUnavailable) {
        unavailable = result.reason;
      } else {
        throw result.reason;
      }
    }
    if (stocks.length === 0 && unavailable) throw marketDataUnavailable(unavailable);
    return stocks;
  }

  /** The record of one security, or undefined when its price is 0 or less (it is dropped). */
  private async record(
    viewer: MarketViewer,
    security: Security,
    withCompany: boolean,
  ): Promise<Stock | undefined> {
    const { symbol } = security;
    const viewed = await this.quoteFor(viewer, symbol);
    const { quote } = viewed;
    if (!(quote.price > 0)) return undefined;
    const price = roundCents(quote.price);
    const lastSession = this.lastSessionFor(viewer);
    const { bars } = await this.options.history
      .recentBars(symbol, yearOfBarsWithMargin, lastSession)
      .catch((error) => {
        this.options.log.warn({ symbol, err: error }, 'stored bars could not be read');
        return { bars: [] };
      });
    // The past month as the chart's 1M range has it (§7.2): from the period's base bar.
    const lastMonth = bars
      .slice(Math.max(0, periodStartIndex(bars, '1m')))
      .map((bar) => ({ date: bar.date, price: roundCents(bar.close) }));
    return {
      symbol,
      name: security.name,
      type: security.type,
      price,
      change: percentChange(quote.price, quote.previousClose),
      volume: quote.volume ?? 0,
      ...(await this.figures(security, price, bars, lastSession, withCompany)),
      // Only when no bar can be had: the 30-day synthetic series around the price.
      historicalData: lastMonth.length > 0 ? lastMonth : syntheticSeries(price, this.now()),
      source: this.options.provider.source,
      delayed: viewed.delayed,
      delayMinutes: viewed.delayMinutes,
      asOf: iso(viewed.asOf),
      stale: viewed.stale,
    };
  }

  /**
   * Market cap and P/E from the company data (for list rows only what is stored: no provider
   * call), null when it has none; the 52-week range from the stored bars as every screen
   * reads it (§7.2), else the company data's, else the price alone.
   */
  private async figures(
    security: Security,
    price: number,
    bars: readonly BarLike[],
    lastSession: string,
    withCompany: boolean,
  ): Promise<Pick<Stock, 'marketCap' | 'yearHigh' | 'yearLow' | 'peRatio'>> {
    const { company } = this.options;
    const data = withCompany
      ? await company.companyData(security, lastSession)
      : await company.storedCompanyData(security, lastSession);
    const metrics = data?.metrics;
    const range = yearRange(bars);
    const useBars = range !== null && (range.covered || !metrics?.yearHigh || !metrics.yearLow);
    return {
      marketCap: metrics?.marketCap ?? null,
      yearHigh: roundCents((useBars ? range.high : metrics?.yearHigh) ?? price),
      yearLow: roundCents((useBars ? range.low : metrics?.yearLow) ?? price),
      peRatio: metrics?.peRatio ?? null,
    };
  }
}
