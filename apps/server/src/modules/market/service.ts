import { type Stock, type StockSymbol, stockSymbols, trackedStocks } from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';
import { CallBudget } from './call-budget.ts';
import { HistoryCache } from './history-cache.ts';
import { roundCents } from './market-days.ts';
import type { MarketLog } from './market-log.ts';
import type { MarketProvider } from './providers/market-provider.ts';
import { MarketDataUnavailable, QuoteCache } from './quote-cache.ts';
import { stockFundamentals } from './stock-fundamentals.ts';

export interface MarketServiceOptions {
  provider: MarketProvider;
  log: MarketLog;
  now?: () => number;
  /** How long one upstream call may take before it counts as failed. */
  upstreamTimeoutMs?: number;
}

const names = new Map<StockSymbol, string>(
  trackedStocks.map((stock) => [stock.symbol, stock.name]),
);

export function stockNotFound(): AppError {
  return new AppError(
    404,
    'stock_not_found',
    `Stock not found. Tickerwise tracks ${stockSymbols.join(', ')}.`,
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

/** Percent versus the previous close (docs/PRODUCT.md §7.1); 0 when there is no previous close. */
function percentChange(price: number, previousClose: number): number {
  return previousClose > 0 ? roundCents(((price - previousClose) / previousClose) * 100) : 0;
}

/**
 * The stock records built from the server-side cache: the browser never talks to
 * the provider (docs/PRODUCT.md §13.1), and every user shares the same upstream calls.
 */
export class MarketService {
  private readonly quotes: QuoteCache;
  private readonly histories: HistoryCache;

  constructor({ provider, log, now = Date.now, upstreamTimeoutMs = 5_000 }: MarketServiceOptions) {
    const deps = {
      provider,
      budget: new CallBudget(provider.limits, now),
      now,
      log,
      timeoutMs: upstreamTimeoutMs,
    };
    this.quotes = new QuoteCache(deps);
    this.histories = new HistoryCache(deps);
  }

  /** Every tracked stock with a price; 503 only when no price was ever fetched. */
  async listStocks(): Promise<Stock[]> {
    const results = await Promise.allSettled(stockSymbols.map((symbol) => this.record(symbol)));
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

  async getStock(symbol: StockSymbol): Promise<Stock> {
    let stock: Stock | undefined;
    try {
      stock = await this.record(symbol);
    } catch (error) {
      if (error instanceof MarketDataUnavailable) throw marketDataUnavailable(error);
      throw error;
    }
    if (!stock) throw stockNotFound();
    return stock;
  }

  /**
   * The record of one symbol, or undefined when its price is 0 or less (docs/PRODUCT.md §3.12
   * leaves it out).
   */
  private async record(symbol: StockSymbol): Promise<Stock | undefined> {
    const { quote, delayed } = await this.quotes.get(symbol);
    if (!(quote.price > 0)) return undefined;
    return {
      symbol,
      name: names.get(symbol) ?? symbol,
      price: roundCents(quote.price),
      change: percentChange(quote.price, quote.previousClose),
      volume: quote.volume ?? 0,
      ...stockFundamentals[symbol],
      historicalData: await this.histories.get(symbol, quote.price),
      delayed,
      updatedAt: new Date(quote.fetchedAt).toISOString(),
    };
  }
}
