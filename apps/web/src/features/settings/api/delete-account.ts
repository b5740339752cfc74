import type { DeleteAccountInput } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `DELETE /api/me`: closes the account for good; the password confirms it. */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest('/api/me', { method: 'DELETE', body: input });
}
