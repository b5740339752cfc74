import type { Me } from '@tickerwise/shared';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: Me };

export const loadingState: AuthState = { status: 'loading' };
export const signedOutState: AuthState = { status: 'signed-out' };

/**
 * Who is signed in, in this tab. It starts from the stored profile (instant first paint) and
 * stays small: the code that talks to the server (`auth-sync.ts`, `auth-actions.ts`) loads
 * only once a screen asks who is signed in, so public pages ship none of it.
 */
export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Changes with every sign-in and sign-out, so a slower answer cannot undo a newer change. */
  generation(): number;
  signedIn(user: Me): void;
  signedOut(): void;
  /** Shows what another tab wrote, without writing it back. */
  followOtherTab(user: Me | null): void;
  /** Starts following the server, other tabs and ended sessions; loads that code once. */
  activate(): void;
  stop(): void;
}
