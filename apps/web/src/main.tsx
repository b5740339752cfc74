// The app: React Router over the whole route table. `boot.ts` (the page's entry, with the
// stylesheet) starts it on every address that is not a prerendered page; on a prerendered page
// the public entry (`public-main.tsx`) hands the root over to it on the first move elsewhere.
// First: the schemas below are built with zod's compiler off (lib/zod-csp.ts).
import './lib/zod-csp.ts';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { clearPrerenderedPage } from './app/prerendered-root.ts';
import { resolveLazyMatches } from './app/resolve-lazy-matches.ts';
import { routes } from './app/router.tsx';
import type { NavigateOptions } from './lib/navigation.tsx';

function appElement(router: ReturnType<typeof createBrowserRouter>) {
  return (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
}

/** Renders the app into `root` at the current address (its route's chunks loaded first). */
export async function startApp(root: HTMLElement): Promise<void> {
  await resolveLazyMatches(routes, window.location.pathname);
  const app = appElement(createBrowserRouter(routes));
  clearPrerenderedPage(root);
  const appRoot = createRoot(root);
  // In a transition React renders the first screen in slices, answering input between them;
  // until it commits, the page's own markup (the dashboard's shell) stays on screen.
  startTransition(() => appRoot.render(app));
}

/**
 * Takes a hydrated prerendered page over (ADR 77): the router moves to `to` (the target's
 * chunks loaded first, the page still on screen), then the app replaces the public root in one
 * task, so the next frame shows the target page and never an empty root.
 */
export async function takeOver(
  root: HTMLElement,
  publicRoot: Root,
  to: string,
  options: NavigateOptions = {},
): Promise<void> {
  const target = new URL(to, window.location.href);
  await resolveLazyMatches(routes, window.location.pathname);
  await resolveLazyMatches(routes, target.pathname);
  const router = createBrowserRouter(routes);
  await router.navigate(`${target.pathname}${target.search}${target.hash}`, options);
  publicRoot.unmount();
  const appRoot = createRoot(root);
  flushSync(() => appRoot.render(appElement(router)));
}
