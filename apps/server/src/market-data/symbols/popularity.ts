import { simulatedMarketCap } from '../adapters/simulated/stock-fundamentals.ts';
import { fundSizeBillions } from '../reference/fund-sizes.ts';
import { listedSymbol } from '../reference/universe.ts';

/**
 * How widely held a security of the reference list is, in dollars, to rank search results
 * (docs/PRODUCT.md §3.12): a company's market cap (the product's figure for the tracked five,
 * else the order of magnitude the offline market sets, anchored for every large company), a
 * fund's size. 0 for a symbol the list lacks.
 */
export function popularity(symbol: string): number {
  const listing = listedSymbol(symbol);
  if (!listing) return 0;
  if (listing.type === 'etf') return (fundSizeBillions[symbol] ?? 0) * 1e9;
  return simulatedMarketCap(symbol);
}
