import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/auth/update-user`: the account's name, by the sign-up rules. */
export async function updateName(name: string): Promise<void> {
  await apiRequest('/api/auth/update-user', { body: { name } });
}
