import { type PrerenderedPath, prerenderedPaths } from '@tickerwise/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { NavigationContext } from '../lib/navigation.tsx';
import { documentTitle, sitePages } from '../lib/site-pages.ts';
import { dashboardNav, isGroup } from './layouts/dashboard-nav-items.ts';
import { DashboardShell } from './layouts/dashboard-shell.tsx';
import { prerenderedHtml } from './page-head.ts';
import { PublicApp } from './public-app.tsx';
import { publicPages } from './public-pages.ts';

export interface PrerenderedPage {
  path: PrerenderedPath;
  /** The whole HTML document: the built index.html with the page's head and markup. */
  html: string;
}

/** The build moves nowhere: it renders each page at its own address. */
const stayAt = (pathname: string) => ({ pathname, navigate: () => {} });

/**
 * The markup of every prerendered public page (the landing page, the free tools, the Product
 * menu's pages), rendered at build time with the same tree the public entry hydrates
 * (`public-main.tsx`: the page in the site's frame, no router), so the first paint needs no
 * JavaScript; with the title and description its head carries.
 */
export async function renderPublicPages(template: string): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  for (const path of prerenderedPaths) {
    const Page = await publicPages[path]();
    const markup = renderToString(
      <StrictMode>
        <PublicApp Page={Page} navigation={stayAt(path)} />
      </StrictMode>,
    );
    const page = sitePages[path];
    const head = { path, title: documentTitle(page), description: page.description };
    pages.push({ path, html: prerenderedHtml(template, head, markup) });
  }
  return pages;
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
          <NavigationContext.Provider value={stayAt(path)}>
            <DashboardShell />
          </NavigationContext.Provider>
        </MemoryRouter>
      </StrictMode>,
    ),
  }));
}
