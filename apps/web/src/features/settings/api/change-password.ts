import type { ChangePasswordInput } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/auth/change-password`: every other device is signed out; this one continues on a
 * new session (its cookie comes with the answer).
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest('/api/auth/change-password', { body: input });
}
