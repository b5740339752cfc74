import { type AuthState, type AuthStore, loadingState, signedOutState } from './auth-state.ts';
import { readStoredProfile, writeStoredProfile } from './stored-profile.ts';

export function createAuthStore(): AuthStore {
  const listeners = new Set<() => void>();
  const stored = readStoredProfile();
  let state: AuthState = stored ? { status: 'signed-in', user: stored } : loadingState;
  let generation = 0;
  let activation: Promise<() => void> | undefined;

  const set = (next: AuthState, persist: boolean) => {
    generation++;
    if (persist) writeStoredProfile(next.status === 'signed-in' ? next.user : null);
    state = next;
    for (const listener of listeners) listener();
  };

  const store: AuthStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    generation: () => generation,
    signedIn: (user) => set({ status: 'signed-in', user }, true),
    signedOut: () => set(signedOutState, true),
    followOtherTab: (user) => set(user ? { status: 'signed-in', user } : signedOutState, false),
    activate() {
      activation ??= import('./auth-sync.ts').then(({ startAuthSync }) => startAuthSync(store));
    },
    stop() {
      const running = activation;
      activation = undefined;
      void running?.then((stopSync) => stopSync());
    },
  };
  return store;
}
