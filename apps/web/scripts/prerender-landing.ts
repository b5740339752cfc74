import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

const rootMarker = '<div id="root"></div>';

/** Marks a root holding the dashboard's shell, which the app replaces rather than clears. */
const shellRoot = '<div id="root" data-shell="dashboard">';

/**
 * Writes the landing page's HTML into the built index.html, and each other prerendered public
 * page's into pages/<path>.html (pages/tools/calculator.html), each with its own head, so they
 * paint before any JavaScript runs. The empty page is kept as app.html: the server sends
 * index.html for `/`, a page's own file for its exact path, and app.html for every other app
 * path, so no page ever shows another's markup.
 * The dashboard's shell for each address its sidebar links to goes to shells/<path>.html
 * (shells/dashboard/stocks.html), which the server sends for that address and the ones below it.
 */
export function prerenderLanding(): Plugin {
  let root = '';
  let outDir = '';
  let skip = false;
  return {
    name: 'tickerwise:prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      const server = await createServer({
        root,
        configFile: false,
        plugins: [react()],
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderPublicPages, renderDashboardShells } = (await server.ssrLoadModule(
          '/src/app/prerender.tsx',
        )) as {
          renderPublicPages: (template: string) => Promise<Array<{ path: string; html: string }>>;
          renderDashboardShells: () => Array<{ path: string; markup: string }>;
        };
        const indexFile = resolve(outDir, 'index.html');
        const html = await readFile(indexFile, 'utf8');
        if (!html.includes(rootMarker)) throw new Error(`${indexFile} has no ${rootMarker}`);
        await writeFile(resolve(outDir, 'app.html'), html);
        // Each page's head and markup are written by src/app/page-head.ts in the SSR module:
        // this config file cannot load the shared package's TypeScript itself.
        for (const page of await renderPublicPages(html)) {
          const file = page.path === '/' ? indexFile : resolve(outDir, `pages${page.path}.html`);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, page.html);
        }
        for (const shell of renderDashboardShells()) {
          const file = resolve(outDir, `shells${shell.path}.html`);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, html.replace(rootMarker, `${shellRoot}${shell.markup}</div>`));
        }
      } finally {
        await server.close();
      }
    },
  };
}
