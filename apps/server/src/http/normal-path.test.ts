import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../test/raw-http.ts';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../test/test-app.ts';
import { user as users } from '../db/schema/index.ts';

let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp.close());

let counter = 0;
const postJson = (path: string, payload: object, address = `203.0.113.${++counter}`) =>
  sendRaw(baseUrl, {
    method: 'POST',
    path,
    headers: { origin: testOrigin, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(payload),
  });
const get = (path: string, headers: Record<string, string> = {}) =>
  sendRaw(baseUrl, { method: 'GET', path, headers });

/** Spellings of a path that a URL parser (better-auth's included) resolves to another one. */
const detours = [
  '/api/auth/x/../sign-up/email',
  '/api/auth/x/%2e%2e/sign-up/email',
  '/api/auth/x/%2E%2E/sign-up/email',
  '/api/auth/x/.%2e/sign-up/email',
  '/api/auth/./sign-up/email',
  '/api/auth/%2e/sign-up/email',
  '/api/auth/x\\..\\sign-up/email',
  '/api/auth//sign-up/email',
  '/api/auth/sign-up%2femail',
  '/api/auth/sign%2Dup/email',
];

describe('paths not in normal form', () => {
  it.each(detours)('%s is refused before any handler runs', async (path) => {
    const email = `detour${++counter}@example.com`;
    const response = await postJson(path, {
      name: 'x'.repeat(20_000),
      email,
      password: 'long enough password',
      plan: 'free',
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'bad_path', message: 'This address is not valid.' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const created = await testApp.db.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toHaveLength(0);
  });

  it('cannot get around the per-email sign-in limit', async () => {
    const victim = await signUpUser(testApp.app);
    const attempt = (path: string) =>
      postJson(path, { email: victim.email, password: 'a wrong guess' }, '198.18.0.1');
    for (let guess = 0; guess < 10; guess++) {
      expect((await attempt('/api/auth/sign-in/email')).status).toBe(401);
    }
    expect((await attempt('/api/auth/sign-in/email')).status).toBe(429);
    for (const path of ['/api/auth/x/../sign-in/email', '/api/auth/x/%2e%2e/sign-in/email']) {
      expect((await attempt(path)).status).toBe(400);
    }
  });

  it('refuses them on every /api route, and bad percent-encoding too', async () => {
    for (const path of [
      '/api/../api/health',
      '/api/x/%2e%2e/health',
      '/api//health',
      '/api/%68ealth',
      '/api/stocks/%zz',
      '/api/stocks/a%00b',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body).error.code, path).toBe('bad_path');
    }
  });

  it('leaves paths already in normal form alone', async () => {
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/health?probe=%2e%2e/x')).status).toBe(200);
    const user = await signUpUser(testApp.app);
    const stock = await get('/api/stocks/BRK.B', { cookie: user.cookie });
    expect(stock.status).not.toBe(400);
  });
});
