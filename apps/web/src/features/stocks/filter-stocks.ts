import type { Stock } from '@tickerwise/shared';

/** docs/PRODUCT.md §3.12: the search box filters by symbol or name, ignoring case. */
export function filterStocks(stocks: readonly Stock[], search: string): Stock[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...stocks];
  return stocks.filter(
    (stock) =>
      stock.symbol.toLowerCase().includes(needle) || stock.name.toLowerCase().includes(needle),
  );
}
