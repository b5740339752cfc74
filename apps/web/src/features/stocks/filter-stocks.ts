import type { Stock } from '@tickerwise/shared';

/** SPEC.md "Stocks list": the search box filters by symbol or name, ignoring case. */
export function filterStocks(stocks: readonly Stock[], search: string): Stock[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...stocks];
  return stocks.filter(
    (stock) =>
      stock.symbol.toLowerCase().includes(needle) || stock.name.toLowerCase().includes(needle),
  );
}
