import { type PrerenderedPath, prerenderedPaths } from '@tickerwise/shared';

/**
 * The build writes the markup of each prerendered public page into its own HTML file
 * (scripts/prerender-landing.ts), the root marked with the path it was rendered for
 * (`data-page`); the server sends each only for its path, the dashboard's shell for dashboard
 * paths, and an empty page (app.html) for every other path.
 */
export function hasPrerenderedPage(root: HTMLElement): boolean {
  return root.dataset.page === window.location.pathname && root.firstElementChild !== null;
}

/**
 * Drops prerendered markup that does not belong to this path (e.g. after a client redirect).
 * The dashboard's shell (`data-shell`) stays on screen: React replaces it when it first commits.
 */
export function clearPrerenderedPage(root: HTMLElement): void {
  if (!root.hasAttribute('data-shell')) root.replaceChildren();
}

/** Whether `pathname` is a prerendered page's address (`prerenderedPaths`). */
export function isPrerenderedPath(pathname: string): pathname is PrerenderedPath {
  return (prerenderedPaths as readonly string[]).includes(pathname);
}
