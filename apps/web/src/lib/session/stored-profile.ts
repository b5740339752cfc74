import { isSubscriptionTier, type Me } from '@tickerwise/shared';

/**
 * docs/PRODUCT.md §5: only the profile is kept in the browser, for an
 * instant first paint; the session itself is an httpOnly cookie the page cannot read.
 */
export const storedProfileKey = 'tickerwise.auth.profile';

function storage(): Storage | undefined {
  // The landing page is prerendered at build time, where there is no window.
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/**
 * Checked by hand rather than with the shared zod schema: this module is part of every page's
 * first load, and the server revalidates the profile right after anyway.
 */
function isProfile(value: unknown): value is Me {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, email, subscription_tier: tier } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof email === 'string' &&
    isSubscriptionTier(tier)
  );
}

/** The stored profile, or null when there is none or it no longer has the expected shape. */
export function parseStoredProfile(value: string | null): Me | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isProfile(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readStoredProfile(): Me | null {
  return parseStoredProfile(storage()?.getItem(storedProfileKey) ?? null);
}

/**
 * Marks the page as belonging to a signed-in visitor (`<html data-session="signed-in">`), or
 * not. The prerendered landing page carries both Login and Dashboard in its header and CSS
 * shows the one this says (the `hinted-signed-in` variant), so neither flashes before the app
 * takes over. `boot.ts` sets it before the first paint; every change of the profile keeps it true.
 */
export function markSession(profile: Me | null): void {
  if (typeof document === 'undefined') return;
  if (profile) document.documentElement.dataset.session = 'signed-in';
  else delete document.documentElement.dataset.session;
}

export function writeStoredProfile(profile: Me | null): void {
  markSession(profile);
  const store = storage();
  if (!store) return;
  try {
    if (profile) store.setItem(storedProfileKey, JSON.stringify(profile));
    else store.removeItem(storedProfileKey);
  } catch {
    // Storage full or disabled (private mode): the app still works, only without instant paint.
  }
}

/**
 * Calls back when another tab changes the stored profile: null after it signed out, the new
 * profile after it signed in or refreshed. (`storage` events never fire in the tab that wrote.)
 */
export function onStoredProfileChange(listener: (profile: Me | null) => void): () => void {
  const handle = (event: StorageEvent) => {
    if (event.key !== storedProfileKey && event.key !== null) return;
    listener(parseStoredProfile(event.newValue));
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}
