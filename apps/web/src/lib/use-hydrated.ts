import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a prerendered page's HTML and while React hydrates it, true once the app runs the
 * page (and at once on a page the app renders itself). A control that needs the app renders
 * disabled, or as a plain link, until then: a click before the script has arrived is never
 * lost on a button that cannot answer it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
