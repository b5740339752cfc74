import { afterEach, describe, expect, it } from 'vitest';
import { createAuthStore } from './auth-store.ts';
import { readStoredProfile, writeStoredProfile } from './stored-profile.ts';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', subscription_tier: 'free' } as const;

afterEach(() => localStorage.clear());

describe('the auth store', () => {
  it('paints a stored profile at once and waits for the server without one', () => {
    expect(createAuthStore().getState()).toEqual({ status: 'loading' });
    writeStoredProfile(ada);
    expect(createAuthStore().getState()).toEqual({ status: 'signed-in', user: ada });
  });

  it('keeps only the profile in storage and clears it on sign-out', () => {
    const store = createAuthStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().status));
    store.signedIn(ada);
    expect(readStoredProfile()).toEqual(ada);
    store.signedOut();
    expect(readStoredProfile()).toBeNull();
    expect(seen).toEqual(['signed-in', 'signed-out']);
  });

  it('shows what another tab wrote without writing it back', () => {
    writeStoredProfile(ada);
    const store = createAuthStore();
    store.followOtherTab(null);
    expect(store.getState()).toEqual({ status: 'signed-out' });
    expect(readStoredProfile()).toEqual(ada);
  });

  it('moves its generation on every change, so late answers can be told apart', () => {
    const store = createAuthStore();
    const before = store.generation();
    store.signedIn(ada);
    expect(store.generation()).toBeGreaterThan(before);
  });
});
