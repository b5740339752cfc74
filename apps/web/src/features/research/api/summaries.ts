import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FilingSummary,
  filingSummarySchema,
  type WhyItMoved,
  whyItMovedSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { usageQueryKey } from '../../../lib/usage-query.ts';

const whyItMovedPath = (symbol: string) => `/api/stocks/${encodeURIComponent(symbol)}/why-it-moved`;
const filingSummaryPath = (symbol: string, accession: string) =>
  `/api/stocks/${encodeURIComponent(symbol)}/filings/${encodeURIComponent(accession)}/summary`;

/** `GET /api/stocks/:symbol/why-it-moved`: the day's summary if written, else what it takes. */
function whyItMovedQuery(symbol: string) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'why-it-moved'],
    queryFn: async ({ signal }): Promise<WhyItMoved> =>
      whyItMovedSchema.parse(await apiRequest<unknown>(whyItMovedPath(symbol), { signal })),
    staleTime: 60_000,
    // A plan without it answers 402: asking again will not change that.
    retry: false,
  });
}

export function useWhyItMoved(symbol: string) {
  return useQuery(whyItMovedQuery(symbol));
}

/** `POST`: has the summary written (1 AI credit for the request that writes it). */
export function useWriteWhyItMoved(symbol: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<WhyItMoved> =>
      whyItMovedSchema.parse(
        await apiRequest<unknown>(whyItMovedPath(symbol), { method: 'POST', body: {} }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(whyItMovedQuery(symbol).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
}

/** `GET /api/stocks/:symbol/filings/:accession/summary`: asked only once a reader opens it. */
function filingSummaryQuery(symbol: string, accession: string) {
  return queryOptions({
    queryKey: ['stocks', symbol.toUpperCase(), 'filings', accession, 'summary'],
    queryFn: async ({ signal }): Promise<FilingSummary> =>
      filingSummarySchema.parse(
        await apiRequest<unknown>(filingSummaryPath(symbol, accession), { signal }),
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useFilingSummary(symbol: string, accession: string) {
  return useQuery(filingSummaryQuery(symbol, accession));
}

export function useWriteFilingSummary(symbol: string, accession: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<FilingSummary> =>
      filingSummarySchema.parse(
        await apiRequest<unknown>(filingSummaryPath(symbol, accession), {
          method: 'POST',
          body: {},
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(filingSummaryQuery(symbol, accession).queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
}
