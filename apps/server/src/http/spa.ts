import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
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
 * Serves the built SPA: hashed assets cached for a year, HTML never cached. `/` gets
 * index.html (the prerendered landing page); a dashboard path gets the shell of its nearest
 * prerendered ancestor (`/dashboard/stocks/AAPL` that of `/dashboard/stocks`), which paints the
 * dashboard's frame before the scripts run; every other non-`/api` path gets the empty page
 * app.html (index.html when the build has none), and the SPA routes or redirects it.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
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
  const pageFor = (path: string) => {
    for (let at = path.replace(/\/+$/, ''); at; at = at.slice(0, at.lastIndexOf('/'))) {
      const shell = shells.get(at);
      if (shell) return shell;
    }
    return shellFile;
  };
  const sendHtml = (reply: FastifyReply, file: string) =>
    reply.header('cache-control', 'no-cache').sendFile(file);
  // A folder is not a file to @fastify/static (it answers 403): the root is the landing page.
  app.get('/', (_request, reply) => sendHtml(reply, 'index.html'));
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
    return sendHtml(reply, pageFor(path));
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
