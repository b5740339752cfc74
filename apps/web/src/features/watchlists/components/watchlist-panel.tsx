import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  roleAtLeast,
  teamAnswerSchema,
  teamRoleLabels,
  type WatchlistSummary,
} from '@tickerwise/shared';
import { MoreHorizontal, Users } from 'lucide-react';
import { useState } from 'react';
import { MarketStatusBadge } from '../../../components/prices/market-status-badge.tsx';
import { SymbolPicker } from '../../../components/symbol-picker.tsx';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu.tsx';
import { CenteredSpinner } from '../../../components/ui/spinner.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { watchlistQuery } from '../api/get-watchlist.ts';
import {
  addToWatchlist,
  deleteWatchlist,
  removeFromWatchlist,
  renameWatchlist,
  shareWatchlist,
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

/** Whether the user is in a team (the team page's query, `GET /api/team`). */
function useInTeam(): boolean {
  const answer = useQuery({
    queryKey: ['team'],
    queryFn: async ({ signal }) =>
      teamAnswerSchema.parse(await apiRequest<unknown>('/api/team', { signal })),
  });
  return Boolean(answer.data?.team && !answer.data.team.readOnly);
}

/**
 * One watchlist: add from search, the table, rename and delete; a team's list says whose it is
 * and, for a Viewer or while the team is read-only, is read only (docs/PRODUCT.md §3.26).
 */
export function WatchlistPanel({ list, symbolsPerList, onDeleted }: WatchlistPanelProps) {
  const { data, isError, isFetching, refetch } = useQuery(watchlistQuery(list.id));
  const queryClient = useQueryClient();
  const inTeam = useInTeam();
  const shared = list.shared;
  const canChange = !shared || (roleAtLeast(shared.role, 'editor') && !shared.readOnly);
  const move = useWatchlistChange(async (into: boolean) => {
    await shareWatchlist(list.id, into);
    await queryClient.invalidateQueries({ queryKey: ['watchlists'] });
  });
  const [sort, setSort] = useState<SortOrder | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const add = useWatchlistChange((symbol: string) => addToWatchlist(list.id, symbol));
  const remove = useWatchlistChange((symbol: string) => removeFromWatchlist(list.id, symbol));
  const reorder = useReorderWatchlist(list.id);
  const failure = add.error ?? remove.error ?? reorder.error ?? move.error;
  const full = list.symbols.length >= symbolsPerList;

  return (
    <section aria-label={list.name} className="space-y-4">
      {shared && (
        <p className="text-sm text-slate-600">
          <Users aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px] text-brand-700" />
          Shared with {shared.teamName}: you are {teamRoleLabels[shared.role]}.
          {shared.readOnly
            ? ' The team is read-only until its owner is on Enterprise again.'
            : canChange
              ? ''
              : ' Viewers read the team’s lists; Editors change them.'}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {canChange ? (
          <SymbolPicker
            label="Add a symbol"
            taken={list.symbols}
            onPick={(match) => add.mutate(match.symbol)}
          />
        ) : (
          <span />
        )}
        <div className="flex items-center justify-between gap-3 sm:justify-end">
          <p className={`text-sm ${full ? 'font-medium text-amber-800' : 'text-slate-500'}`}>
            {list.symbols.length} of {symbolsPerList} symbols
          </p>
          {(canChange || shared?.mine) && (
            <Menu>
              <MenuTrigger aria-label={`More for ${list.name}`} className={iconButtonStyles('md')}>
                <MoreHorizontal className="size-5" />
              </MenuTrigger>
              <MenuContent align="end">
                {canChange && <MenuItem onSelect={() => setRenaming(true)}>Rename list</MenuItem>}
                {!shared && inTeam && (
                  <MenuItem onSelect={() => move.mutate(true)}>Move to the team</MenuItem>
                )}
                {shared?.mine && canChange && (
                  <MenuItem onSelect={() => move.mutate(false)}>Take out of the team</MenuItem>
                )}
                {canChange && (
                  <MenuItem tone="danger" onSelect={() => setDeleting(true)}>
                    Delete list
                  </MenuItem>
                )}
              </MenuContent>
            </Menu>
          )}
        </div>
      </div>
      <ChangeError
        error={failure}
        onDismiss={() => {
          add.reset();
          remove.reset();
          reorder.reset();
          move.reset();
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
            readOnly={!canChange}
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
