import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { publicUrlToken, robotsDisallowed, sitemapPaths } from '@tickerwise/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './errors.ts';

const immutable = 'public, max-age=31536000, immutable';

const isSourceMap = (path: string) => path.endsWith('.map');

/**
 * The dashboard's prerendered shells by the path each is for: `shells/dashboard/stocks.html`
 * is `/dashboard/stocks`.
 */
function readShells(webDistDir: string): Map<string, string> {
  const dir = join(webDistDir, 'shells');
  if (!existsSync(dir)) return new Map();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  return new Map(
    files.map((file) => {
      const path = file.slice(0, -'.html'.length).split(sep).join('/');
      return [`/${path}`, `shells/${path}.html`];
    }),
  );
}

/**
 * The prerendered public pages by path: index.html for `/`, `pages/tools/calculator.html` for
 * `/tools/calculator`, read once with the site's address written into their canonical and
 * Open Graph tags.
 */
function readPages(webDistDir: string, publicUrl: string): Map<string, string> {
  const withOrigin = (file: string) =>
    readFileSync(join(webDistDir, file), 'utf8').replaceAll(publicUrlToken, publicUrl);
  const pages = new Map([['/', withOrigin('index.html')]]);
  const dir = join(webDistDir, 'pages');
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const path = `/${file.slice(0, -'.html'.length).split(sep).join('/')}`;
    pages.set(path, withOrigin(join('pages', file)));
  }
  return pages;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `/sitemap.xml`: every public page a search engine may list (docs/PRODUCT.md §2.1). */
function sitemapXml(publicUrl: string): string {
  const urls = sitemapPaths.map(
    (path) => `  <url><loc>${xmlEscape(`${publicUrl}${path}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `/robots.txt`: the public pages open to crawlers, the app and the API not. */
function robotsTxt(publicUrl: string): string {
  const disallow = robotsDisallowed.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\nAllow: /\n${disallow}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached. `/` gets
 * index.html (the prerendered landing page), each other prerendered public page its own file
 * (pages/<path>.html); a dashboard path gets the shell of its nearest
 * prerendered ancestor (`/dashboard/stocks/AAPL` that of `/dashboard/stocks`), which paints the
 * dashboard's frame before the scripts run; every other non-`/api` path gets the empty page
 * app.html (index.html when the build has none), and the SPA routes or redirects it.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  publicUrl: string,
): Promise<void> {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The web app is not built (${indexFile} is missing): run npm run build`);
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    // Source maps stay on the server (for reading stack traces), never served: they would
    // hand out the original source.
    allowedPath: (path) => !isSourceMap(path),
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? immutable : 'no-cache');
    },
  });
  const shellFile = existsSync(join(webDistDir, 'app.html')) ? 'app.html' : 'index.html';
  const shells = readShells(webDistDir);
  const pages = readPages(webDistDir, publicUrl);
  const sitemap = sitemapXml(publicUrl);
  const robots = robotsTxt(publicUrl);
  const pageFor = (path: string) => {
    for (let at = path.replace(/\/+$/, ''); at; at = at.slice(0, at.lastIndexOf('/'))) {
      const shell = shells.get(at);
      if (shell) return shell;
    }
    return shellFile;
  };
  const sendHtml = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-cache').sendFile(file);
  const sendPage = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  // A folder is not a file to @fastify/static (it answers 403): the root is the landing page.
  app.get('/', (_request, reply) => sendPage(reply, pages.get('/') as string));
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml').send(sitemap),
  );
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain').send(robots),
  );
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return sendError(reply, 404, {
        error: { code: 'not_found', message: `No API route ${request.method} ${path}` },
      });
    }
    if (isSourceMap(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404, { error: { code: 'not_found', message: 'Not found' } });
    }
    const page = pages.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
    return page === undefined ? sendHtml(reply, pageFor(path)) : sendPage(reply, page);
  });
}

export function registerApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, {
      error: {
        code: 'not_found',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      },
    }),
  );
}
