import { useQuery } from '@tanstack/react-query';
import { Eye, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SymbolPicker } from '../../components/symbol-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { watchlistsQuery } from './api/get-watchlists.ts';
import { useLiveWatchlists } from './api/use-live-watchlists.ts';
import { addToWatchlist, createWatchlist, useWatchlistChange } from './api/watchlist-changes.ts';
import { ChangeError } from './components/plan-limit-note.tsx';
import { WatchlistNameDialog } from './components/watchlist-name-dialog.tsx';
import { WatchlistPanel } from './components/watchlist-panel.tsx';

/** The name of the list made for a user's first symbol. */
const firstListName = 'My watchlist';

/** docs/PRODUCT.md §3.21: the user's lists, one table each. */
export function WatchlistPage() {
  usePageTitle('Watchlist');
  useLiveWatchlists();
  const { data, isError, isFetching, refetch } = useQuery(watchlistsQuery);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const startList = useWatchlistChange(async (symbol: string) => {
    const { watchlist } = await createWatchlist(firstListName);
    await addToWatchlist(watchlist.id, symbol);
  });

  if (!data) {
    return isError ? (
      <ErrorState
        title="Failed to load your watchlists"
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    ) : (
      <CenteredSpinner label="Loading your watchlists" className="py-24" />
    );
  }

  const { watchlists, limits } = data;
  const selected =
    watchlists.find((list) => list.id === params.get('list'))?.id ?? watchlists[0]?.id;
  const select = (id: string) => setParams({ list: id }, { replace: true });
  // The plan's lists are the user's own; a team's lists count against the team's plan.
  const own = watchlists.filter((list) => !list.shared).length;
  const atLimit = own >= limits.watchlists;

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Watchlist</h1>
          <p className="mt-1 text-slate-600">
            Stocks and ETFs you follow, with the day's move, the last month and their alerts.
          </p>
        </div>
        {watchlists.length > 0 && (
          <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
            <Button
              variant="secondary"
              disabled={atLimit}
              onClick={() => setCreating(true)}
              aria-describedby="watchlist-count"
            >
              <Plus className="size-4" />
              New list
            </Button>
            <p id="watchlist-count" className="text-xs text-slate-500">
              {own} of {limits.watchlists} {limits.watchlists === 1 ? 'list' : 'lists'}
              {atLimit && limits.watchlists < 50 ? ': upgrade for more' : ''}
            </p>
          </div>
        )}
      </header>

      {watchlists.length === 0 ? (
        <section
          aria-labelledby="first-symbol-heading"
          className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center shadow-sm sm:px-8"
        >
          <span className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-700">
            <Eye aria-hidden="true" className="size-6" />
          </span>
          <h2 id="first-symbol-heading" className="mt-4 text-lg font-semibold text-ink-950">
            Follow your first stock
          </h2>
          <p className="mt-1 max-w-md text-sm text-slate-600">
            Search by symbol or company name. We'll start a list for you with its price, the day's
            move, the last month and its technical rating.
          </p>
          <div className="mt-5 flex w-full max-w-sm flex-col gap-3 text-left">
            <SymbolPicker label="Add a symbol" onPick={(match) => startList.mutate(match.symbol)} />
            <ChangeError error={startList.error} onDismiss={() => startList.reset()} />
          </div>
        </section>
      ) : (
        <Tabs value={selected} onValueChange={select}>
          <TabsList label="Your watchlists">
            {watchlists.map((list) => (
              <TabsTrigger key={list.id} value={list.id}>
                {list.shared && (
                  <Users aria-label="Team list" className="mr-1 inline size-3.5 text-brand-700" />
                )}
                {list.name}
                <span className="ml-1.5 text-xs text-slate-400">{list.symbols.length}</span>
              </TabsTrigger>
            ))}
          </TabsList>
          {watchlists.map((list) => (
            <TabsContent key={list.id} value={list.id} className="pt-5">
              <WatchlistPanel
                list={list}
                symbolsPerList={limits.symbolsPerList}
                onDeleted={() => setParams({}, { replace: true })}
              />
            </TabsContent>
          ))}
        </Tabs>
      )}

      <WatchlistNameDialog
        open={creating}
        onOpenChange={setCreating}
        title="New watchlist"
        submitLabel="Create list"
        onSubmit={async (name) => {
          const { watchlist } = await createWatchlist(name);
          await refetch();
          select(watchlist.id);
        }}
      />
    </div>
  );
}

export { WatchlistPage as Component };
