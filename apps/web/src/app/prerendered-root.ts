/**
 * The build writes the landing page's HTML into index.html (scripts/prerender-landing.ts); the
 * server sends it for `/` only, the dashboard's shell for dashboard paths, and an empty page
 * (app.html) for every other path.
 */
export const prerenderedPath = '/';

export function hasPrerenderedPage(root: HTMLElement): boolean {
  return window.location.pathname === prerenderedPath && root.firstElementChild !== null;
}

/**
 * Drops landing markup that does not belong to this path (e.g. after a client redirect). The
 * dashboard's shell (`data-shell`) stays on screen: React replaces it when it first commits.
 */
export function clearPrerenderedPage(root: HTMLElement): void {
  if (!root.hasAttribute('data-shell')) root.replaceChildren();
}
