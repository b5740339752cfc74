import type { SignUpInput } from '@tickerwise/shared';
import { apiRequest } from '../../api-client.ts';

/** `POST /api/auth/sign-up/email`: creates the account and its profile, and signs it in. */
export async function signUpRequest(input: SignUpInput): Promise<void> {
  await apiRequest('/api/auth/sign-up/email', { body: input, expectUnauthorized: true });
}
