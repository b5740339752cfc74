import type { StockSymbol } from '@tickerwise/shared';

export interface StockFundamentals {
  marketCap: number;
  yearHigh: number;
  yearLow: number;
  peRatio: number;
}

/**
 * docs/PRODUCT.md §7.1: market cap, 52-week high/low and P/E are fixed local constants per
 * symbol, not provider data.
 */
export const stockFundamentals: Record<StockSymbol, StockFundamentals> = {
  AAPL: { marketCap: 3e12, yearHigh: 199.62, yearLow: 164.08, peRatio: 31.2 },
  MSFT: { marketCap: 2.8e12, yearHigh: 430.82, yearLow: 309.45, peRatio: 36.8 },
  GOOGL: { marketCap: 1.8e12, yearHigh: 153.78, yearLow: 115.83, peRatio: 26.9 },
  AMZN: { marketCap: 1.6e12, yearHigh: 189.77, yearLow: 118.35, peRatio: 60.4 },
  TSLA: { marketCap: 8.5e11, yearHigh: 299.29, yearLow: 152.37, peRatio: 68.9 },
};
