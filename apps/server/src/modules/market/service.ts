import {
  parseTickerSymbol,
  type Quote,
  type Stock,
  type StockSymbol,
  stockSymbols,
} from '@tickerwise/shared';
import { addDays } from '../../calendar/market-calendar.ts';
import { AppError } from '../../http/errors.ts';
import { featuredEtfs } from '../../reference/universe.ts';
import type { CallBudget } from '../../upstream/call-budget.ts';
import type { MarketLog } from '../../upstream/market-log.ts';
import type { HistoryService } from '../history/service.ts';
import type { Security, SymbolDirectory } from '../symbols/service.ts';
import type { CompanyService } from './company-service.ts';
import { roundCents } from './market-days.ts';
import type { MarketProvider } from './providers/market-provider.ts';
import {
  MarketDataUnavailable,
  QuoteCache,
  type QuoteListener,
  type QuoteReading,
} from './quote-cache.ts';

export type {
  MarketProvider,
  ProviderQuote,
  ProviderSymbolMatch,
} from './providers/market-provider.ts';
export type { CachedQuote, QuoteListener, QuoteReading } from './quote-cache.ts';

import { stockFundamentals } from '../../reference/stock-fundamentals.ts';
import { syntheticSeries } from './synthetic-series.ts';

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
}

/** The ETFs page refreshes every minute like the stocks page; its quotes may be that old. */
const listQuoteMaxAgeMs = 60_000;
/** Bars read for a record: a year gives the 52-week range and the last 30 days' closes. */
const yearOfBars = 252;

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
function percentChange(price: number, previousClose: number): number {
  return previousClose > 0 ? roundCents(((price - previousClose) / previousClose) * 100) : 0;
}

function isTracked(symbol: string): symbol is StockSymbol {
  return (stockSymbols as readonly string[]).includes(symbol);
}

/**
 * Stock records built from the server-side quote cache and the stored daily bars: the browser
 * never talks to the provider, and every user shares the same upstream calls.
 */
export class MarketService {
  private readonly quotes: QuoteCache;
  private readonly now: () => number;

  constructor(private readonly options: MarketServiceOptions) {
    const { provider, budget, log, now = Date.now, upstreamTimeoutMs = 5_000 } = options;
    this.now = now;
    this.quotes = new QuoteCache({ provider, budget, now, log, timeoutMs: upstreamTimeoutMs });
  }

  get source() {
    return this.options.provider.source;
  }

  /** The security a path segment names, or 404 without any upstream call. */
  async security(symbolParam: string): Promise<Security> {
    const symbol = parseTickerSymbol(symbolParam);
    const security = symbol ? await this.options.directory.find(symbol) : undefined;
    if (!security) throw stockNotFound();
    return security;
  }

  /** The latest quote of any known symbol (cached; stale-on-error). */
  async quote(symbol: string, maxAgeMs?: number): Promise<QuoteReading> {
    return this.quotes.get(symbol, maxAgeMs);
  }

  /** A new quote from the provider now, within the call budget (the simulation control). */
  async refreshQuote(symbol: string): Promise<QuoteReading> {
    return this.quotes.refreshNow(symbol);
  }

  /** Calls `listener` with every quote the server takes in; returns the unsubscribe. */
  onQuote(listener: QuoteListener): () => void {
    return this.quotes.onQuote(listener);
  }

  /** When a symbol's quote was last asked of the provider, if ever. */
  quoteAttemptedAt(symbol: string): number | undefined {
    return this.quotes.attemptedAt(symbol);
  }

  /** Quote calls a minute the provider allows, or null when it sets no limit. */
  get callsPerMinute(): number | null {
    const limits = this.options.provider.limits;
    if (limits.length === 0) return null;
    return Math.min(...limits.map((limit) => (limit.calls * 60_000) / limit.perMs));
  }

  /** The five tracked stocks with a price; 503 only when no price was ever fetched. */
  async listStocks(): Promise<Stock[]> {
    const securities = await Promise.all(stockSymbols.map((symbol) => this.security(symbol)));
    return this.list(securities, QuoteCache.ttlMs);
  }

  /** The featured major ETFs, as records like the stocks list's. */
  async listEtfs(): Promise<Stock[]> {
    const securities = await Promise.all(featuredEtfs.map((etf) => this.security(etf.symbol)));
    return this.list(securities, listQuoteMaxAgeMs);
  }

  async getStock(symbolParam: string): Promise<Stock> {
    const security = await this.security(symbolParam);
    let stock: Stock | undefined;
    try {
      stock = await this.record(security, QuoteCache.ttlMs, true);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) throw marketDataUnavailable(error);
      throw error;
    }
    if (!stock) throw stockNotFound();
    return stock;
  }

  /**
   * The latest quote of any listed symbol, from the cache alone (no stored bars, no company
   * data): the public API's quote. 404 for an unknown symbol or one without a price.
   */
  async latestQuote(symbolParam: string): Promise<Quote> {
    const security = await this.security(symbolParam);
    let reading: QuoteReading;
    try {
      reading = await this.quotes.get(security.symbol, QuoteCache.ttlMs);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) throw marketDataUnavailable(error);
      throw error;
    }
    const { quote, delayed } = reading;
    if (!(quote.price > 0)) throw stockNotFound();
    return {
      symbol: security.symbol,
      name: security.name,
      type: security.type,
      price: roundCents(quote.price),
      change: percentChange(quote.price, quote.previousClose),
      previousClose: roundCents(Math.max(0, quote.previousClose)),
      open: quote.open ?? null,
      high: quote.high ?? null,
      low: quote.low ?? null,
      volume: quote.volume,
      delayed,
      updatedAt: new Date(quote.fetchedAt).toISOString(),
      source: this.options.provider.source,
    };
  }

  private async list(securities: Security[], maxAgeMs: number): Promise<Stock[]> {
    const results = await Promise.allSettled(
      securities.map((security) => this.record(security, maxAgeMs, false)),
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
    security: Security,
    maxAgeMs: number,
    withCompany: boolean,
  ): Promise<Stock | undefined> {
    const { symbol } = security;
    const { quote, delayed } = await this.quotes.get(symbol, maxAgeMs);
    if (!(quote.price > 0)) return undefined;
    const price = roundCents(quote.price);
    const { bars } = await this.options.history.recentBars(symbol, yearOfBars).catch((error) => {
      this.options.log.warn({ symbol, err: error }, 'stored bars could not be read');
      return { bars: [] };
    });
    const since = addDays(bars.at(-1)?.date ?? '1970-01-01', -29);
    const lastMonth = bars
      .filter((bar) => bar.date >= since)
      .map((bar) => ({ date: bar.date, price: roundCents(bar.close) }));
    return {
      symbol,
      name: security.name,
      type: security.type,
      price,
      change: percentChange(quote.price, quote.previousClose),
      volume: quote.volume ?? 0,
      ...(await this.figures(security, price, bars, withCompany)),
      // Only when no bar can be had: the 30-day synthetic series around the price.
      historicalData: lastMonth.length > 0 ? lastMonth : syntheticSeries(price, this.now()),
      delayed,
      updatedAt: new Date(quote.fetchedAt).toISOString(),
      source: this.options.provider.source,
    };
  }

  /** Market cap, 52-week range and P/E: fixed for the tracked five, else company data. */
  private async figures(
    security: Security,
    price: number,
    bars: readonly { high: number; low: number }[],
    withCompany: boolean,
  ): Promise<Pick<Stock, 'marketCap' | 'yearHigh' | 'yearLow' | 'peRatio'>> {
    if (isTracked(security.symbol)) return stockFundamentals[security.symbol];
    const metrics = withCompany
      ? (await this.options.company.companyData(security)).metrics
      : undefined;
    const barsHigh = bars.length > 0 ? Math.max(...bars.map((bar) => bar.high)) : price;
    const barsLow = bars.length > 0 ? Math.min(...bars.map((bar) => bar.low)) : price;
    return {
      marketCap: metrics?.marketCap ?? 0,
      yearHigh: roundCents(Math.max(metrics?.yearHigh ?? barsHigh, price)),
      yearLow: roundCents(Math.min(metrics?.yearLow ?? barsLow, price)),
      peRatio: metrics?.peRatio ?? 0,
    };
  }
}
