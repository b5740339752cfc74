import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type Ref,
  useContext,
} from 'react';

/** What a move to another address may ask for (a subset of React Router's options). */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Handed to the next page (React Router's location state). */
  state?: unknown;
  /** Keep the scroll position (a change of the query string on the same page). */
  preventScrollReset?: boolean;
}

/**
 * How the components of the public pages read the address and move to another one, without
 * depending on the router (ADR 77): in the app it is React Router (`app/router-navigation.tsx`);
 * on a prerendered page before the app has loaded it is the public entry's, which keeps a move
 * within the page (a query string) to itself and hands any other to the app.
 */
export interface Navigation {
  /** The current path, e.g. `/tools/calculator`. */
  pathname: string;
  navigate(to: string, options?: NavigateOptions): void;
}

export const NavigationContext = createContext<Navigation | null>(null);

/**
 * The current path: the router's in the app, the page's on a prerendered page; outside both
 * (a component rendered alone), the address's.
 */
export function usePathname(): string {
  const navigation = useContext(NavigationContext);
  if (navigation) return navigation.pathname;
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** Moves to another address; without a provider (outside the app), loads it. */
export function useNavigateTo(): (to: string, options?: NavigateOptions) => void {
  const navigation = useContext(NavigationContext);
  return navigation ? navigation.navigate : (to) => window.location.assign(to);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of the site (`/pricing`, `/signup?plan=pro`); outside ones use `<a>`. */
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the site: an `<a href>` that works before any script, which the
 * navigation in context follows without a page load once the app runs. A click with a modifier
 * key, another button, a target or a download is the browser's, as is one the link's own
 * `onClick` prevented.
 */
export function Link({ to, replace, state, onClick, ref, ...anchor }: LinkProps) {
  const navigation = useContext(NavigationContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigation || event.defaultPrevented || !isPlainClick(event)) return;
    if (anchor.target && anchor.target !== '_self') return;
    if (anchor.download !== undefined) return;
    event.preventDefault();
    navigation.navigate(to, { replace, state });
  };
  return <a {...anchor} ref={ref} href={to} onClick={follow} />;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
