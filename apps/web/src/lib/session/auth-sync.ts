import { ApiRequestError, onUnauthorized } from '../api-client.ts';
import { queryClient } from '../query-client.ts';
import { getMe } from './api/get-me.ts';
import type { AuthState, AuthStore } from './auth-state.ts';
import { onStoredProfileChange } from './stored-profile.ts';

/**
 * Keeps the store true: revalidates the stored profile with the server, signs out on any 401
 * (an expired or revoked session), follows sign-in and sign-out in other tabs, and drops
 * the previous user's cached server data when they leave.
 */
export function startAuthSync(store: AuthStore): () => void {
  const stopClearingCache = clearCacheWhenUserLeaves(store);
  const stopFollowingTabs = onStoredProfileChange((user) => store.followOtherTab(user));
  const stopFollowingApi = onUnauthorized(() => {
    if (store.getState().status !== 'signed-out') store.signedOut();
  });
  void revalidate(store);
  return () => {
    stopClearingCache();
    stopFollowingTabs();
    stopFollowingApi();
  };
}

async function revalidate(store: AuthStore): Promise<void> {
  const started = store.generation();
  try {
    const user = await getMe();
    if (store.generation() === started) store.signedIn(user);
  } catch (error) {
    if (store.generation() !== started) return;
    if (error instanceof ApiRequestError && error.status === 401) store.signedOut();
    // Server unreachable: a stored profile stays (the dashboard reports the outage itself);
    // without one there is nobody to show.
    else if (store.getState().status === 'loading') store.followOtherTab(null);
  }
}

const userIdOf = (state: AuthState) => (state.status === 'signed-in' ? state.user.id : null);

/** Nothing one user loaded may show to whoever signs in next in this tab. */
function clearCacheWhenUserLeaves(store: AuthStore): () => void {
  let userId = userIdOf(store.getState());
  return store.subscribe(() => {
    const next = userIdOf(store.getState());
    if (userId !== null && next !== userId) queryClient.clear();
    if (store.getState().status !== 'loading') userId = next;
  });
}
