import { type SignedOutSessions, signedOutSessionsSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `DELETE /api/me/sessions/:id`: signs that device out, on every server at once. */
export async function endSession(id: string): Promise<void> {
  await apiRequest(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `POST /api/me/sessions/sign-out-others`: every device but this one. */
export async function signOutOtherSessions(): Promise<SignedOutSessions> {
  return signedOutSessionsSchema.parse(
    await apiRequest<unknown>('/api/me/sessions/sign-out-others', { body: {} }),
  );
}
