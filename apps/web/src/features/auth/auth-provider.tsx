import type { Me } from '@tickerwise/shared';
import { createContext, type ReactNode, useContext } from 'react';

export type SignedInUser = Me;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SignedInUser };

const signedOut: AuthState = { status: 'signed-out' };
const AuthContext = createContext<AuthState>(signedOut);

/**
 * The one auth boundary of the web app: every screen asks `useAuth()` who is signed in.
 * Until accounts exist every visitor is signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={signedOut}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
