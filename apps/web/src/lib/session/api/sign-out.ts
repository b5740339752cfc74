import { apiRequest } from '../../api-client.ts';

/** `POST /api/auth/sign-out`: revokes the session on the server and clears its cookie. */
export async function signOutRequest(): Promise<void> {
  await apiRequest('/api/auth/sign-out', { body: {}, expectUnauthorized: true, endsSession: true });
}
