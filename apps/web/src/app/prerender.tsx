import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { App } from './app.tsx';
import { dashboardNav, isGroup } from './layouts/dashboard-nav-items.ts';
import { DashboardShell } from './layouts/dashboard-shell.tsx';
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

/**
 * The dashboard's shell (frame, navigation and grey blocks) for each address the sidebar links
 * to; the server sends the one of the nearest such address for any dashboard path, so a hard
 * load paints it before the app runs.
 */
export function renderDashboardShells(): Array<{ path: string; markup: string }> {
  const addresses = dashboardNav.flatMap((item) =>
    isGroup(item) ? item.links.map((link) => link.to) : [item.to],
  );
  return addresses.map((path) => ({
    path,
    markup: renderToString(
      <StrictMode>
        <MemoryRouter initialEntries={[path]}>
          <DashboardShell />
        </MemoryRouter>
      </StrictMode>,
    ),
  }));
}
