/**
 * The build writes the landing page's HTML into index.html (scripts/prerender-landing.ts); the
 * server sends it for `/` only, and an empty shell (app.html) for every other path.
 */
export const prerenderedPath = '/';

export function hasPrerenderedPage(root: HTMLElement): boolean {
  return window.location.pathname === prerenderedPath && root.firstElementChild !== null;
}

/** Drops landing markup that does not belong to this path (e.g. after a client redirect). */
export function clearPrerenderedPage(root: HTMLElement): void {
  root.replaceChildren();
}
