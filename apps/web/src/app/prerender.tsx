import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App } from './app.tsx';
import { prerenderedPath } from './prerendered-root.ts';
import { resolveLazyMatches } from './resolve-lazy-matches.ts';
import { routes } from './router.tsx';

/**
 * The landing page's markup, rendered at build time with the same tree `main.tsx` hydrates,
 * so the first paint needs no JavaScript.
 */
export async function renderLandingPage(): Promise<string> {
  await resolveLazyMatches(routes, prerenderedPath);
  const router = createMemoryRouter(routes, { initialEntries: [prerenderedPath] });
  return renderToString(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
