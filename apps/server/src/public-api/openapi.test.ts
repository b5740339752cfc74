import { gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../test/test-app.ts';
import { setTier } from '../modules/profiles/service.ts';
import type { OpenApiDocument } from './openapi.ts';

let testApp: TestApp;
let document: OpenApiDocument;
let secret: string;
let ajv: InstanceType<typeof Ajv2020>;
/**
 * Path parameters of routes that read the key owner's own things, by operation: the
 * documented example stands for an id of theirs, so the tests call with a real one.
 */
let ownParams: Record<string, Record<string, string>>;

/** A watchlist, an alert and a portfolio of the key's owner, made through the app's routes. */
async function ownThings(user: SignedUpUser) {
  const send = async (url: string, payload: object) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const { watchlist } = await send('/api/watchlists', { name: 'Reference' });
  await send(`/api/watchlists/${watchlist.id}/symbols`, { symbol: 'AAPL' });
  const { alert } = await send('/api/alerts', {
    symbol: 'AAPL',
    condition: { kind: 'price_above', level: 100_000 },
  });
  const { portfolio } = await send('/api/portfolios', { name: 'Reference' });
  const ledger = `/api/portfolios/${portfolio.id}/transactions`;
  await send(ledger, { kind: 'deposit', date: '2025-01-02', amount: '1000' });
  await send(ledger, {
    kind: 'buy',
    date: '2025-01-03',
    symbol: 'AAPL',
    quantity: '2',
    price: '150',
  });
  const portfolioId = { portfolioId: portfolio.id };
  return {
    getWatchlist: { id: watchlist.id },
    getAlert: { id: alert.id },
    getPortfolio: portfolioId,
    getHoldings: portfolioId,
    listTransactions: portfolioId,
    getPerformance: portfolioId,
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  const user = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, user.id, 'enterprise');
  secret = (
    await testApp.app.apiKeys.create(user.id, {
      name: 'Reference check',
      password: user.password,
    })
  ).secret;
  ownParams = await ownThings(user);
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; the document's own keywords are not.
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components });
});
afterAll(() => testApp.close());

/** `/api/v1/quotes/:symbol` -> `/quotes/{symbol}` */
const documentedPath = (url: string) =>
  url.slice('/api/v1'.length).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function validator(reference: string) {
  const validate = ajv.getSchema(`openapi.json${reference}`);
  if (!validate) throw new Error(`No schema at ${reference}`);
  return validate;
}

type Operation = {
  operationId: string;
  parameters: { name: string; in: string; example?: unknown }[];
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, { schema: { $ref: string }; example: unknown }> }
  >;
};

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer key scheme, and lists every /api/v1 route', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.security).toEqual([{ apiKey: [] }]);
    const served = testApp.app.apiRoutes
      .filter((route) => route.access === 'apikey' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${documentedPath(route.url)}`)
      .sort();
    expect(served.length).toBeGreaterThan(0);
    expect(
      operations()
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual(served);
    for (const route of testApp.app.apiRoutes.filter((item) => item.access === 'apikey')) {
      expect(['GET', 'HEAD', 'POST']).toContain(route.method);
    }
  });

  it('makes the written analysis, which can spend a credit, a POST; its GET answers 405', async () => {
    const written = document.paths['/stocks/{symbol}/analysis/written'] as Record<string, unknown>;
    expect(Object.keys(written)).toEqual(['post']);
    for (const method of ['GET', 'HEAD'] as const) {
      const refused = await testApp.app.inject({
        method,
        url: '/api/v1/stocks/KO/analysis/written',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(refused.statusCode, method).toBe(405);
      expect(refused.headers.allow).toBe('POST');
      if (method === 'GET') {
        expect(refused.json().error).toMatchObject({
          code: 'method_not_allowed',
          message: expect.stringContaining('POST /api/v1/stocks/{symbol}/analysis/written'),
        });
      }
    }
    const opened = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/stocks/KO/analysis/written',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // Without a language model the automated summary is free.
    expect(opened.json()).toMatchObject({ charged: false, analysis: { writer: 'built_in' } });
  });

  it('documents 401, 402 and 429 on every route, and an example that fits each schema', () => {
    for (const { path, operation } of operations()) {
      expect(Object.keys(operation.responses), path).toEqual(
        expect.arrayContaining(['200', '401', '402', '429']),
      );
      for (const [status, response] of Object.entries(operation.responses)) {
        const resolved = response.$ref
          ? (document.components.responses as Record<string, typeof response>)[
              response.$ref.split('/').pop() ?? ''
            ]
          : response;
        const content = resolved?.content?.['application/json'];
        if (!content) throw new Error(`${path} ${status} has no JSON content`);
        const validate = validator(content.schema.$ref);
        expect(
          validate(content.example),
          `${path} ${status}: ${ajv.errorsText(validate.errors)}`,
        ).toBe(true);
      }
    }
  });

  it('is what real answers look like: each route called as documented validates', async () => {
    for (const { path, method, operation } of operations()) {
      let url = `/api/v1${path}`;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        if (parameter.example === undefined) continue;
        if (parameter.in === 'path') {
          const value = ownParams[operation.operationId]?.[parameter.name] ?? parameter.example;
          url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
        } else query.set(parameter.name, String(parameter.example));
      }
      const search = query.size > 0 ? `?${query}` : '';
      const response = await testApp.app.inject({
        method: method as 'GET' | 'POST',
        url: `${url}${search}`,
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(response.statusCode, `${operation.operationId}: ${response.body}`).toBe(200);
      expect(response.headers.ratelimit).toMatch(/^"per-key";r=\d+;t=\d+$/);
      const schema = operation.responses['200']?.content?.['application/json']?.schema.$ref ?? '';
      const validate = validator(schema);
      expect(
        validate(response.json()),
        `${operation.operationId}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
  });

  it('documents the rate limit fields on every answer, refusals included', () => {
    const refusals = document.components.responses as Record<
      string,
      { headers?: Record<string, unknown> }
    >;
    for (const { path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const resolved = response.$ref
          ? refusals[response.$ref.split('/').pop() ?? '']
          : (response as { headers?: Record<string, unknown> });
        expect(Object.keys(resolved?.headers ?? {}), `${path} ${status}`).toEqual(
          expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
        );
      }
    }
  });

  it('describes refusals as they are sent, with the rate limit fields', async () => {
    const validate = validator('#/components/schemas/Error');
    const call = (url: string, key?: string) =>
      testApp.app.inject({
        method: 'GET',
        url,
        headers: key ? { authorization: `Bearer ${key}` } : {},
      });
    const answers = {
      401: await call('/api/v1/key'),
      404: await call('/api/v1/quotes/NOPE', secret),
      400: await call('/api/v1/quotes/%24%24%24', secret),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.statusCode, answer.body).toBe(Number(status));
      expect(validate(answer.json()), status).toBe(true);
      expect(answer.headers['ratelimit-policy'], status).toMatch(/^"per-key";q=\d+;w=\d+$/);
      expect(answer.headers.ratelimit, status).toMatch(/^"per-key";r=\d+;t=\d+$/);
    }
  });
});

describe('the API reference page', () => {
  it('is served from our own files, compressed, under the app’s security headers', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const source of scripts) expect(source).toMatch(/^\/(?!\/)/);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);

    const bundle = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/assets/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(bundle.rawPayload).toString('utf8')).toContain('SwaggerUIBundle');
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/assets/swagger-ui-bundle.js',
      headers: { 'if-none-match': String(bundle.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const unknown = await testApp.app.inject({ method: 'GET', url: '/api/docs/assets/index.js' });
    expect(unknown.statusCode).toBe(404);
  });
});
