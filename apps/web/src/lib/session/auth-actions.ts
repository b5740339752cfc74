import type { Me, SignInInput, SignUpInput } from '@tickerwise/shared';
import { ApiRequestError, whileSessionEnds } from '../api-client.ts';
import { getMe } from './api/get-me.ts';
import { type SecondStepInput, secondStepRequest, signInRequest } from './api/sign-in.ts';
import { signOutRequest } from './api/sign-out.ts';
import { signUpRequest } from './api/sign-up.ts';
import type { AuthStore } from './auth-state.ts';

/** After sign-in or sign-up the profile must be readable, or the account cannot be used. */
async function loadProfile(store: AuthStore, missingProfileMessage: string): Promise<Me> {
  let user: Me;
  try {
    user = await getMe();
  } catch (error) {
    throw new Error(missingProfileMessage, { cause: error });
  }
  store.signedIn(user);
  return user;
}

export async function signUp(store: AuthStore, input: SignUpInput): Promise<Me> {
  await signUpRequest(input);
  return loadProfile(store, 'Failed to create profile');
}

/** Signs in, or answers `'code'` when the account asks for a second factor next. */
export async function signIn(store: AuthStore, input: SignInInput): Promise<Me | 'code'> {
  if ((await signInRequest(input)) === 'code') return 'code';
  return loadProfile(store, 'Failed to get user profile');
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export async function signInWithCode(store: AuthStore, input: SecondStepInput): Promise<Me> {
  await secondStepRequest(input);
  return loadProfile(store, 'Failed to get user profile');
}

/**
 * docs/PRODUCT.md §11: the user is cleared even when the server cannot be told; that failure is
 * logged.
 */
export function signOut(store: AuthStore): Promise<void> {
  return whileSessionEnds(async () => {
    try {
      await signOutRequest();
    } catch (error) {
      const alreadyEnded =
        error instanceof ApiRequestError && (error.status === 400 || error.status === 401);
      if (!alreadyEnded) console.error('Failed to sign out', error);
    } finally {
      store.signedOut();
    }
  });
}

/** docs/PRODUCT.md §11: a failed re-read after a plan change is logged only. */
export async function refreshUser(store: AuthStore): Promise<void> {
  try {
    store.signedIn(await getMe());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) store.signedOut();
    else console.error('Failed to fetch updated profile', error);
  }
}
