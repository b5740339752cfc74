import { type Me, meSchema } from '@tickerwise/shared';
import { apiRequest } from '../../api-client.ts';

/** `GET /api/me`: the signed-in user's profile. A 401 means there is no session. */
export async function getMe(): Promise<Me> {
  return meSchema.parse(await apiRequest<unknown>('/api/me', { expectUnauthorized: true }));
}
