import type { UseQueryResult } from '@tanstack/react-query';
import type { Stock } from '@tickerwise/shared';
import { useState } from 'react';
import { MarketStatusBadge } from '../../../components/prices/market-status-badge.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { filterStocks } from '../filter-stocks.ts';
import { ListSourceNote } from './list-source-note.tsx';
import { StockSearch } from './stock-search.tsx';
import { type ListKind, StockTable } from './stock-table.tsx';

interface SecurityListProps {
  title: string;
  kind: ListKind;
  searchLabel: string;
  /** The list's query (refreshed every minute). */
  list: UseQueryResult<Stock[]>;
}

/** docs/PRODUCT.md §3.12 and §3.16: a heading, a filter box and the table of securities. */
export function SecurityList({ title, kind, searchLabel, list }: SecurityListProps) {
  const [search, setSearch] = useState('');
  const { data, isError, isFetching, refetch } = list;

  // A failed refresh keeps the list on screen; only a first load that failed replaces the page.
  if (isError && !data) {
    return (
      <ErrorState
        title={kind === 'etfs' ? 'Failed to fetch ETF data' : 'Failed to fetch stock data'}
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
            Prices refresh every minute.
            <MarketStatusBadge />
          </p>
        </div>
        <StockSearch value={search} onChange={setSearch} label={searchLabel} />
      </header>
      <div className="space-y-3">
        <StockTable stocks={data && filterStocks(data, search)} search={search} kind={kind} />
        {data && <ListSourceNote stocks={data} />}
      </div>
    </div>
  );
}
