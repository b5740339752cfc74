// The entry of a prerendered public page (ADR 77): React, the page's own chunk and the site's
// frame, hydrated without the router, the route table or any other page. The first move to
// another address loads the app (`main.tsx`), which takes the root over.
import type { PrerenderedPath } from '@tickerwise/shared';
import { type ComponentType, StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { PublicApp } from './app/public-app.tsx';
import type { NavigateOptions, Navigation } from './lib/navigation.tsx';

/**
 * Hydrates the prerendered page of `path` in `root` with its component (`publicPages`, which
 * `boot.ts` loads beside this entry). A change of the query string within the page (the
 * calculator's shareable address) stays here; any other move hands over to the app.
 */
export function hydratePublicPage(root: HTMLElement, path: PrerenderedPath, Page: ComponentType) {
  let publicRoot: Root | null = null;
  let handingOver: Promise<void> | null = null;
  const navigation: Navigation = {
    pathname: path,
    navigate(to: string, options: NavigateOptions = {}) {
      const target = new URL(to, window.location.href);
      if (target.pathname === window.location.pathname && options.replace) {
        window.history.replaceState(window.history.state, '', target.href);
        return;
      }
      if (!publicRoot || handingOver) return;
      const hydrated = publicRoot;
      handingOver = import('./main.tsx')
        .then(({ takeOver }) => takeOver(root, hydrated, to, options))
        .catch((error: unknown) => {
          // Offline or a new deployment: the browser loads the address itself.
          console.warn('Could not load the app', error);
          window.location.assign(target.href);
        });
    },
  };
  // In a transition React hydrates in slices and yields between them, so the page that is
  // already painted stays responsive while it becomes interactive (Lighthouse TBT).
  startTransition(() => {
    publicRoot = hydrateRoot(
      root,
      <StrictMode>
        <PublicApp Page={Page} navigation={navigation} />
      </StrictMode>,
    );
  });
}
