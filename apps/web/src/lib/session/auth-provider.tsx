import type { Me, SignInInput, SignUpInput } from '@tickerwise/shared';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { type AuthState, type AuthStore, loadingState, signedOutState } from './auth-state.ts';
import { createAuthStore } from './auth-store.ts';

export type { AuthState };

export interface AuthActions {
  /** Creates the account (on Free, or Alpha when chosen) and signs it in. */
  signUp(input: SignUpInput): Promise<Me>;
  /** Signs in, or answers `'code'`: the account asks for a code next (two-factor sign-in). */
  signIn(input: SignInInput): Promise<Me | 'code'>;
  /** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
  signInWithCode(input: { code: string; recovery: boolean }): Promise<Me>;
  /** Revokes the session; the user is signed out here even when the server cannot be told. */
  signOut(): Promise<void>;
  /** Re-reads the profile after the server changed it (e.g. a new tier). Failures are logged. */
  refreshUser(): Promise<void>;
}

const AuthContext = createContext<AuthState>(signedOutState);
const AuthStoreContext = createContext<AuthStore | null>(null);

/**
 * The one auth boundary of the web app: screens ask `useAuth()` who is signed in and change
 * it through `useAuthActions()`. A 401 from any API call signs the user out (the route guards
 * then send them to /login), and so does signing out in another tab.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createAuthStore);
  useEffect(() => () => store.stop(), [store]);
  // The landing page is prerendered without storage: hydration starts from 'loading' too.
  const state = useSyncExternalStore(store.subscribe, store.getState, () => loadingState);
  return (
    <AuthStoreContext.Provider value={store}>
      <AuthContext.Provider value={state}>{children}</AuthContext.Provider>
    </AuthStoreContext.Provider>
  );
}

/** Who is signed in. The first screen that asks starts revalidating with the server. */
export function useAuth(): AuthState {
  const store = useContext(AuthStoreContext);
  useEffect(() => store?.activate(), [store]);
  return useContext(AuthContext);
}

/**
 * Who is signed in, for the public pages' header: unlike `useAuth()` it does not start talking
 * to the server for a visitor who looks signed out (no stored profile), so those pages load
 * none of that code. A stored profile is checked with the server once the browser is idle.
 */
export function usePublicAuth({ askVisitor = false }: { askVisitor?: boolean } = {}): AuthState {
  const store = useContext(AuthStoreContext);
  const state = useContext(AuthContext);
  const signedIn = state.status === 'signed-in';
  useEffect(() => {
    if (!store || !signedIn) return;
    return whenIdle(() => store.activate());
  }, [store, signedIn]);
  // `askVisitor`: a page whose offer depends on the session (pricing) also asks about one the
  // browser keeps no profile of (signed in elsewhere, its storage cleared). The session route
  // answers a visitor 200 with nothing, so a visitor's console stays clean; only a session it
  // names starts the full reading.
  // (Without a stored profile the state stays 'loading' until something asks the server.)
  useEffect(() => {
    if (!store || !askVisitor || signedIn) return;
    const controller = new AbortController();
    fetch('/api/auth/get-session', { credentials: 'same-origin', signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer: { session?: unknown } | null) => {
        if (answer?.session) store.activate();
      })
      .catch(() => {});
    return () => controller.abort();
  }, [store, askVisitor, signedIn]);
  return state;
}

/** Runs `task` when the browser has nothing better to do; returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no idle callback: a moment after load is close enough.
  const handle = setTimeout(task, 2_000);
  return () => clearTimeout(handle);
}

export function useAuthActions(): AuthActions {
  const store = useContext(AuthStoreContext);
  const [actions] = useState(() => lazyActions(store));
  return actions;
}

/** The actions' code (and the API client) loads on first use, not with every page. */
function lazyActions(store: AuthStore | null): AuthActions {
  const load = async () => {
    if (!store) throw new Error('AuthProvider is missing');
    store.activate();
    return { store, actions: await import('./auth-actions.ts') };
  };
  return {
    signUp: async (input) => {
      const { store: active, actions } = await load();
      return actions.signUp(active, input);
    },
    signIn: async (input) => {
      const { store: active, actions } = await load();
      return actions.signIn(active, input);
    },
    signInWithCode: async (input) => {
      const { store: active, actions } = await load();
      return actions.signInWithCode(active, input);
    },
    signOut: async () => {
      const { store: active, actions } = await load();
      return actions.signOut(active);
    },
    refreshUser: async () => {
      const { store: active, actions } = await load();
      return actions.refreshUser(active);
    },
  };
}
