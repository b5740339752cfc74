import { type StockSymbol, stockSymbols } from '@tickerwise/shared';
import { simulatedLevel } from './simulated-level.ts';

export interface StockFundamentals {
  marketCap: number;
  yearHigh: number;
  yearLow: number;
  peRatio: number;
}

/**
 * docs/PRODUCT.md §7.1: the product's fixed figures of its five tracked stocks, for the
 * simulated market only, never served as a real provider's. Market cap and P/E are shown as
 * they are; the 52-week high and low bound the simulated prices (simulated-series.ts),
 * and the range shown is the series' own extremes inside them (§7.2).
 */
export const stockFundamentals: Record<StockSymbol, StockFundamentals> = {
  AAPL: { marketCap: 3e12, yearHigh: 199.62, yearLow: 164.08, peRatio: 31.2 },
  MSFT: { marketCap: 2.8e12, yearHigh: 430.82, yearLow: 309.45, peRatio: 36.8 },
  GOOGL: { marketCap: 1.8e12, yearHigh: 153.78, yearLow: 115.83, peRatio: 26.9 },
  AMZN: { marketCap: 1.6e12, yearHigh: 189.77, yearLow: 118.35, peRatio: 60.4 },
  TSLA: { marketCap: 8.5e11, yearHigh: 299.29, yearLow: 152.37, peRatio: 68.9 },
};

/**
 * A company's market cap in the simulated market: the product's figure for the tracked five,
 * else the order of magnitude the offline market sets (anchored for every large company).
 */
export function simulatedMarketCap(symbol: string): number {
  if ((stockSymbols as readonly string[]).includes(symbol)) {
    return stockFundamentals[symbol as StockSymbol].marketCap;
  }
  return simulatedLevel(symbol, 'stock').marketCap ?? 0;
}
