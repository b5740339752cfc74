// The app itself; `boot.ts` (the page's entry, with the stylesheet) decides when it loads.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { clearPrerenderedPage, hasPrerenderedPage } from './app/prerendered-root.ts';
import { resolveLazyMatches } from './app/resolve-lazy-matches.ts';
import { routes } from './app/router.tsx';

// No top-level await here: it would turn off the bundler's chunk merging for the whole app.
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('Failed to find the root element');

  await resolveLazyMatches(routes, window.location.pathname);
  const app = (
    <StrictMode>
      <App router={createBrowserRouter(routes)} />
    </StrictMode>
  );

  if (hasPrerenderedPage(root)) {
    // In a transition React hydrates in slices and yields between them, so the page that is
    // already painted stays responsive while it becomes interactive (Lighthouse TBT).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    clearPrerenderedPage(root);
    createRoot(root).render(app);
  }
}

void start();
