import { useQuery } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import { Check, Eye, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { watchlistsQuery } from '../api/get-watchlists.ts';
import {
  addToWatchlist,
  createWatchlist,
  removeFromWatchlist,
  useWatchlistChange,
} from '../api/watchlist-changes.ts';
import { ChangeError } from './plan-limit-note.tsx';

/**
 * The stock page's Watch button: says whether the symbol is watched and in which lists, and
 * puts it in or takes it out of each (a first list is made when there is none).
 */
export function WatchButton({ symbol }: { symbol: string }) {
  const { data } = useQuery(watchlistsQuery);
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useWatchlistChange(async ({ id, watched }: { id: string; watched: boolean }) => {
    if (watched) await removeFromWatchlist(id, symbol);
    else await addToWatchlist(id, symbol);
  });
  const start = useWatchlistChange(async () => {
    const { watchlist } = await createWatchlist('My watchlist');
    await addToWatchlist(watchlist.id, symbol);
  });
  const lists = data?.watchlists ?? [];
  const watchedIn = lists.filter((list) => list.symbols.includes(symbol));
  const where = watchedIn.length === 1 ? watchedIn[0]!.name : `${watchedIn.length} lists`;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant={watchedIn.length > 0 ? 'secondary' : 'primary'} disabled={!data}>
          {watchedIn.length > 0 ? <Check className="size-4" /> : <Eye className="size-4" />}
          {watchedIn.length === 0 ? (
            'Watch'
          ) : (
            <span className="max-w-56 truncate">
              Watching<span className="hidden sm:inline"> in {where}</span>
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={headingId} className="w-72 p-4" align="end">
        <h2 id={headingId} className="text-sm font-semibold text-ink-950">
          Watch {symbol} in
        </h2>
        {lists.length === 0 ? (
          <div className="mt-3 space-y-3 text-sm text-slate-600">
            <p>You have no watchlist yet.</p>
            <Button size="full" busy={start.isPending} onClick={() => start.mutate()}>
              <Plus className="size-4" />
              Start a watchlist with {symbol}
            </Button>
          </div>
        ) : (
          <ul className="mt-2 space-y-1">
            {lists.map((list) => {
              const watched = list.symbols.includes(symbol);
              return (
                <li key={list.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={watched}
                      disabled={toggle.isPending}
                      onChange={() => toggle.mutate({ id: list.id, watched })}
                      className="size-4 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1 truncate text-ink-950">{list.name}</span>
                    <span className="text-xs text-slate-400">{list.symbols.length}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <div className="mt-3">
          <ChangeError
            error={toggle.error ?? start.error}
            onDismiss={() => {
              toggle.reset();
              start.reset();
            }}
          />
        </div>
        <Link
          to={paths.watchlist}
          className="mt-3 block text-sm font-semibold text-brand-700 hover:underline"
        >
          Open your watchlists
        </Link>
      </PopoverContent>
    </Popover>
  );
}
