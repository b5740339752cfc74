import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { stocksQuery } from './api/get-stocks.ts';
import { StockSearch } from './components/stock-search.tsx';
import { StockTable } from './components/stock-table.tsx';
import { filterStocks } from './filter-stocks.ts';

/** docs/PRODUCT.md §3.12. */
export function StocksPage() {
  usePageTitle('Stocks');
  const [search, setSearch] = useState('');
  const { data, isError, isFetching, refetch } = useQuery(stocksQuery);

  // A failed refresh keeps the list on screen; only a first load that failed replaces the page.
  if (isError && !data) {
    return (
      <ErrorState
        title="Failed to fetch stock data"
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Stocks</h1>
          <p className="mt-1 text-slate-600">Prices refresh every minute.</p>
        </div>
        <StockSearch value={search} onChange={setSearch} />
      </header>
      <StockTable stocks={data && filterStocks(data, search)} search={search} />
    </div>
  );
}

export { StocksPage as Component };
