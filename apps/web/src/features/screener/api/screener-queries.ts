import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type SavedScreensResponse,
  type ScreenerResponse,
  savedScreensResponseSchema,
  screenerResponseSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/screener?…`: the screen's rows, refreshed every minute as the stock list is. */
export const screenerQuery = (search: string) =>
  queryOptions({
    queryKey: ['screener', search],
    queryFn: async ({ signal }): Promise<ScreenerResponse> =>
      screenerResponseSchema.parse(
        await apiRequest<unknown>(`/api/screener${search ? `?${search}` : ''}`, { signal }),
      ),
    refetchInterval: 60_000,
    // The previous screen stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    retry: (count, error) => (error as { status?: number }).status !== 400 && count < 2,
  });

/** The sectors and asset classes of the universe, for the sector filter. */
export const sectorsQuery = queryOptions({
  queryKey: ['screener', 'sectors'],
  queryFn: async ({ signal }): Promise<string[]> => {
    const answer = screenerResponseSchema.parse(
      await apiRequest<unknown>('/api/screener?columns=sector&limit=600&sort=sector', { signal }),
    );
    return [...new Set(answer.rows.map((row) => row.sector))]
      .filter((sector): sector is string => typeof sector === 'string')
      .sort();
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export const savedScreensQuery = queryOptions({
  queryKey: ['screens'],
  queryFn: async ({ signal }): Promise<SavedScreensResponse> =>
    savedScreensResponseSchema.parse(await apiRequest<unknown>('/api/screens', { signal })),
});
