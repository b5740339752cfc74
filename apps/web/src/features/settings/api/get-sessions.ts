import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AccountSessionList, accountSessionListSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionsKey = ['me', 'sessions'] as const;

/** `GET /api/me/sessions`: where the user is signed in, this device first. */
export async function getSessions(): Promise<AccountSessionList> {
  return accountSessionListSchema.parse(await apiRequest<unknown>('/api/me/sessions'));
}

export const sessionsQuery = queryOptions({ queryKey: sessionsKey, queryFn: getSessions });

export function useSessions() {
  return useQuery(sessionsQuery);
}
