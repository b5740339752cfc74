import { queryOptions, useQuery } from '@tanstack/react-query';
import { type KnownBrowserList, knownBrowserListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const knownBrowsersKey = ['me', 'known-browsers'] as const;

/** `GET /api/auth/devices`: the browsers the account knows, this one first. */
export async function getKnownBrowsers(): Promise<KnownBrowserList> {
  return knownBrowserListSchema.parse(await apiRequest<unknown>('/api/auth/devices'));
}

export function useKnownBrowsers() {
  return useQuery(queryOptions({ queryKey: knownBrowsersKey, queryFn: getKnownBrowsers }));
}

/** `DELETE /api/auth/devices/:id`: its next sign-in is a new browser's, and sends a notice. */
export async function forgetBrowser(id: string): Promise<void> {
  await apiRequest(`/api/auth/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
