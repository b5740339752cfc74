import type { SignInInput } from '@tickerwise/shared';
import { apiRequest } from '../../api-client.ts';

/** `POST /api/auth/sign-in/email`: sets the session cookie. A wrong password answers 401. */
export async function signInRequest(input: SignInInput): Promise<void> {
  await apiRequest('/api/auth/sign-in/email', { body: input, expectUnauthorized: true });
}
