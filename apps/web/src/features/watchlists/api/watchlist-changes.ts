import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistDetail, WatchlistSummary } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

const listPath = (id: string) => `/api/watchlists/${encodeURIComponent(id)}`;

export function createWatchlist(name: string) {
  return apiRequest<{ watchlist: WatchlistSummary }>('/api/watchlists', { body: { name } });
}

export function renameWatchlist(id: string, name: string) {
  return apiRequest<{ watchlist: WatchlistSummary }>(listPath(id), {
    method: 'PATCH',
    body: { name },
  });
}

export function deleteWatchlist(id: string) {
  return apiRequest<void>(listPath(id), { method: 'DELETE' });
}

export function addToWatchlist(id: string, symbol: string) {
  return apiRequest<{ watchlist: WatchlistSummary }>(`${listPath(id)}/symbols`, {
    body: { symbol },
  });
}

export function removeFromWatchlist(id: string, symbol: string) {
  return apiRequest<void>(`${listPath(id)}/symbols/${encodeURIComponent(symbol)}`, {
    method: 'DELETE',
  });
}

export function reorderWatchlist(id: string, symbols: string[]) {
  return apiRequest<{ watchlist: WatchlistSummary }>(`${listPath(id)}/order`, {
    method: 'PUT',
    body: { symbols },
  });
}

/** A change to the user's lists; every watchlist query is refetched after it. */
export function useWatchlistChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['watchlists'] }),
  });
}

/**
 * Moves a symbol at once on screen (the server's order follows): a dragged row must not jump
 * back while the request runs. A refused move is undone by the refetch.
 */
export function useReorderWatchlist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbols: string[]) => reorderWatchlist(id, symbols),
    onMutate: async (symbols) => {
      await queryClient.cancelQueries({ queryKey: ['watchlists', id] });
      queryClient.setQueryData<WatchlistDetail>(['watchlists', id], (detail) => {
        if (!detail) return detail;
        const bySymbol = new Map(detail.rows.map((row) => [row.symbol, row]));
        return {
          ...detail,
          watchlist: { ...detail.watchlist, symbols },
          rows: symbols.flatMap((symbol) => bySymbol.get(symbol) ?? []),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['watchlists'] }),
  });
}

/** Moves the list into the user's team, or back out (docs/PRODUCT.md §3.26). */
export function shareWatchlist(id: string, shared: boolean) {
  return apiRequest<{ watchlist: WatchlistSummary }>(`${listPath(id)}/team`, {
    method: 'PUT',
    body: { shared },
  });
}
