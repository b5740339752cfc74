import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../config.ts';
import { notFound } from '../http/errors.ts';
import { serverRoot } from '../package-root.ts';
import { type OpenApiDocument, openApiDocument } from './openapi.ts';
import type { PublicApi } from './public-api.ts';

const requireFromHere = createRequire(import.meta.url);

/** Our page, script and styles around Swagger UI. */
const ownAssets = join(serverRoot, 'api-docs');
/** Swagger UI's prebuilt files, served from our own origin (no CDN). */
const swaggerUiAssets: string = requireFromHere('swagger-ui-dist').getAbsoluteFSPath();

const assets: Record<string, { folder: string; type: string }> = {
  'swagger-ui-bundle.js': { folder: swaggerUiAssets, type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { folder: swaggerUiAssets, type: 'text/css; charset=utf-8' },
  'docs.js': { folder: ownAssets, type: 'text/javascript; charset=utf-8' },
  'docs.css': { folder: ownAssets, type: 'text/css; charset=utf-8' },
};

interface LoadedAsset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  type: string;
}

/** Files read and compressed once, on first request (Swagger UI's bundle is 1.7 MB). */
class AssetCache {
  private readonly loaded = new Map<string, Promise<LoadedAsset>>();

  get(name: string, folder: string, type: string): Promise<LoadedAsset> {
    let asset = this.loaded.get(name);
    if (!asset) {
      asset = readFile(join(folder, name)).then((body) => ({
        body,
        gzipped: gzipSync(body),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        type,
      }));
      asset.catch(() => this.loaded.delete(name));
      this.loaded.set(name, asset);
    }
    return asset;
  }
}

function send(request: FastifyRequest, reply: FastifyReply, asset: LoadedAsset, cache: string) {
  reply.header('cache-control', cache).header('etag', asset.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  reply.type(asset.type);
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(asset.gzipped);
  }
  return reply.send(asset.body);
}

/**
 * The public API's description and reference (docs/PRODUCT.md §3.20): the OpenAPI document at
 * `/api/v1/openapi.json`, generated from the routes when first asked for (every route is
 * registered by then), and Swagger UI at `/api/docs`, from our own files so that it runs under
 * the app's Content-Security-Policy with nothing fetched from elsewhere.
 */
export const publicApiDocsRoutes: FastifyPluginAsync<{
  publicApi: PublicApi;
  rateLimit: RateLimit;
}> = async (app, { publicApi, rateLimit }) => {
  let document: { json: string; etag: string } | undefined;
  const describe = () => {
    if (!document) {
      const json = JSON.stringify(
        openApiDocument({
          routes: publicApi.routes,
          rateLimit,
          version: '1.0.0',
        }) satisfies OpenApiDocument,
      );
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      document = { json, etag };
    }
    return document;
  };

  app.get('/api/v1/openapi.json', { config: { access: 'public' } }, async (request, reply) => {
    const { json, etag } = describe();
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  const cache = new AssetCache();
  app.get('/api/docs', { config: { access: 'public' } }, async (request, reply) => {
    const page = await cache.get('index.html', ownAssets, 'text/html; charset=utf-8');
    return send(request, reply, page, 'no-cache');
  });

  app.get<{ Params: { name: string } }>(
    '/api/docs/assets/:name',
    { config: { access: 'public' } },
    async (request, reply) => {
      const known = Object.hasOwn(assets, request.params.name)
        ? assets[request.params.name]
        : undefined;
      if (!known) throw notFound('There is no such file.');
      const asset = await cache.get(request.params.name, known.folder, known.type);
      // Not fingerprinted: revalidated after a day, cheaply (ETag).
      return send(request, reply, asset, 'public, max-age=86400');
    },
  );
};
