import { type SignInInput, secondStepSchema } from '@tickerwise/shared';
import { apiRequest } from '../../api-client.ts';

/** The browser's time zone, so that a new-sign-in email can show its owner's own time. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `POST /api/auth/sign-in/email`: sets the session cookie, or, for an account with two-factor
 * sign-in, answers that a code is needed next (`'code'`). A wrong password answers 401.
 */
export async function signInRequest(input: SignInInput): Promise<'signed-in' | 'code'> {
  const answer = await apiRequest<unknown>('/api/auth/sign-in/email', {
    body: { ...input, timeZone: browserTimeZone() },
    expectUnauthorized: true,
  });
  return secondStepSchema.safeParse(answer).success ? 'code' : 'signed-in';
}

/** The second step: a code from the authenticator app, or a recovery code. */
export interface SecondStepInput {
  code: string;
  recovery: boolean;
}

/** `POST /api/auth/two-factor/verify-totp` or `verify-backup-code`: sets the session cookie. */
export async function secondStepRequest({ code, recovery }: SecondStepInput): Promise<void> {
  const path = recovery
    ? '/api/auth/two-factor/verify-backup-code'
    : '/api/auth/two-factor/verify-totp';
  await apiRequest(path, { body: { code, timeZone: browserTimeZone() }, expectUnauthorized: true });
}

/** `POST /api/auth/sign-in/email-code`: a one-time code by email, past the failure ceiling. */
export async function emailCodeRequest(email: string): Promise<void> {
  await apiRequest('/api/auth/sign-in/email-code', { body: { email } });
}
