import { useQuery } from '@tanstack/react-query';
import type { WatchlistSummary } from '@tickerwise/shared';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { MarketStatusBadge } from '../../../components/prices/market-status-badge.tsx';
import { SymbolPicker } from '../../../components/symbol-picker.tsx';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu.tsx';
import { CenteredSpinner } from '../../../components/ui/spinner.tsx';
import { watchlistQuery } from '../api/get-watchlist.ts';
import {
  addToWatchlist,
  deleteWatchlist,
  removeFromWatchlist,
  renameWatchlist,
  useReorderWatchlist,
  useWatchlistChange,
} from '../api/watchlist-changes.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ChangeError } from './plan-limit-note.tsx';
import { Provenance } from './provenance.tsx';
import type { SortOrder } from './sort-rows.ts';
import { WatchlistNameDialog } from './watchlist-name-dialog.tsx';
import { WatchlistTable } from './watchlist-table.tsx';

interface WatchlistPanelProps {
  list: WatchlistSummary;
  symbolsPerList: number;
  onDeleted: () => void;
}

/** One watchlist: add from search, the table, rename and delete. */
export function WatchlistPanel({ list, symbolsPerList, onDeleted }: WatchlistPanelProps) {
  const { data, isError, isFetching, refetch } = useQuery(watchlistQuery(list.id));
  const [sort, setSort] = useState<SortOrder | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const add = useWatchlistChange((symbol: string) => addToWatchlist(list.id, symbol));
  const remove = useWatchlistChange((symbol: string) => removeFromWatchlist(list.id, symbol));
  const reorder = useReorderWatchlist(list.id);
  const failure = add.error ?? remove.error ?? reorder.error;
  const full = list.symbols.length >= symbolsPerList;

  return (
    <section aria-label={list.name} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SymbolPicker
          label="Add a symbol"
          taken={list.symbols}
          onPick={(match) => add.mutate(match.symbol)}
        />
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <p className={`text-sm ${full ? 'font-medium text-amber-800' : 'text-slate-500'}`}>
            {list.symbols.length} of {symbolsPerList} symbols
          </p>
          <Menu>
            <MenuTrigger aria-label={`More for ${list.name}`} className={iconButtonStyles('md')}>
              <MoreHorizontal className="size-5" />
            </MenuTrigger>
            <MenuContent align="end">
              <MenuItem onSelect={() => setRenaming(true)}>Rename list</MenuItem>
              <MenuItem tone="danger" onSelect={() => setDeleting(true)}>
                Delete list
              </MenuItem>
            </MenuContent>
          </Menu>
        </div>
      </div>
      <ChangeError
        error={failure}
        onDismiss={() => {
          add.reset();
          remove.reset();
          reorder.reset();
        }}
      />
      {list.symbols.length === 0 ? (
        <EmptyState
          title="This watchlist is empty"
          description="Search for a stock or ETF above by its symbol or company name, or use Watch on any stock's page."
        />
      ) : data ? (
        <>
          <WatchlistTable
            rows={data.rows}
            sort={sort}
            onSort={setSort}
            onReorder={(symbols) => reorder.mutate(symbols)}
            onRemove={(symbol) => remove.mutate(symbol)}
          />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <MarketStatusBadge />
            <Provenance detail={data} sorted={sort !== null} />
          </div>
        </>
      ) : isError ? (
        <ErrorState
          title="Failed to load this watchlist"
          onRetry={() => refetch()}
          retrying={isFetching}
        />
      ) : (
        <CenteredSpinner label="Loading prices" className="py-16" />
      )}
      <WatchlistNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename watchlist"
        submitLabel="Rename"
        initialName={list.name}
        onSubmit={(name) => renameWatchlist(list.id, name).then(() => refetch())}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete “${list.name}”?`}
        description="The list and its symbols are removed. Alerts you set on these symbols stay."
        confirmLabel="Delete list"
        onConfirm={async () => {
          await deleteWatchlist(list.id);
          onDeleted();
        }}
      />
    </section>
  );
}
