import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectErrorLog } from '../../test/error-logs.ts';
import { createTestApp, type TestApp, testOrigin } from '../../test/test-app.ts';
import { AppError, parseInput } from './errors.ts';

let testApp: TestApp;
beforeAll(async () => {
  // Routes that exist only in this test, to reach each kind of failure.
  testApp = await createTestApp({
    extend: (app) => registerProbeRoutes(app),
  });
});
afterAll(() => testApp.close());

async function registerProbeRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    const config = { access: 'public' } as const;
    scope.post('/api/test/echo', { config }, async (request) => ({ received: request.body }));
    scope.post('/api/test/validated', { config }, async (request) =>
      parseInput(z.object({ email: z.email('Enter a valid email') }), request.body),
    );
    scope.get('/api/test/conflict', { config }, async () => {
      throw new AppError(409, 'already_exists', 'That already exists.');
    });
    scope.get('/api/test/crash', { config }, async () => {
      throw new Error('secret internal detail');
    });
  });
}

describe('the error shape', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No route GET /api/does-not-exist' },
    });
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
  });

  it('answers an oversized body with a 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('names each invalid field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Enter a valid email',
        fields: { email: 'Enter a valid email' },
      },
    });
  });

  it('passes on the status and code of a known failure', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'already_exists', message: 'That already exists.' },
    });
  });

  it('hides the details of an unexpected failure', async () => {
    expectErrorLog(/secret internal detail/);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret internal detail');
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    });
  });

  it('refuses a state-changing call sent from another site', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden_origin');
    const fromApp = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: testOrigin },
      payload: { ok: true },
    });
    expect(fromApp.statusCode).toBe(200);
  });

  it("answers Fastify's own refusals in the one shape, with the security headers", async () => {
    const cases = [
      { url: '/api/stocks/%C0%AE', status: 400, code: 'bad_path' },
      { url: `/api/stocks/${'A'.repeat(150)}`, status: 414, code: 'uri_too_long' },
      { url: '/api/stocks/%E0%A4%A', status: 400, code: 'bad_path' },
    ];
    for (const { url, status, code } of cases) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json().error.code, url).toBe(code);
      expect(typeof response.json().error.message).toBe('string');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    const unsupported = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: testOrigin, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().error.code).toBe('unsupported_media_type');
    expect(unsupported.headers['x-content-type-options']).toBe('nosniff');
    const oddQuery = await testApp.app.inject({ method: 'GET', url: '/api/health?%zz=%&a[b]=1' });
    expect(oddQuery.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
