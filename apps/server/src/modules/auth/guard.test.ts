import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../../test/test-app.ts';
import { knownSession, sessionsOf } from './guard.ts';
import { sessionKey } from './session-memo.ts';

/** Counts better-auth's session lookups of `auth` until `restore()`. */
function countLookups(auth: TestApp['app']['auth']) {
  const getSession = auth.api.getSession;
  let count = 0;
  auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
    count += 1;
    return getSession(...args);
  }) as typeof getSession;
  return {
    count: () => count,
    restore: () => {
      auth.api.getSession = getSession;
    },
  };
}

describe('verifying the session of signed-in requests', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('asks better-auth once for many requests of one session arriving together', async () => {
    const { auth } = testApp.app;
    const user = await signUpUser(testApp.app);
    // As when the remembered session lapses while a page polls: nothing is remembered.
    sessionsOf(auth).memo.clear();
    const lookups = countLookups(auth);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          testApp.app.inject({ url: '/api/me/usage', headers: { cookie: user.cookie } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      expect(lookups.count()).toBe(1);
      // Remembered now: the next request asks nobody.
      expect(
        (await testApp.app.inject({ url: '/api/me/usage', headers: { cookie: user.cookie } }))
          .statusCode,
      ).toBe(200);
      expect(lookups.count()).toBe(1);
      // A session forgotten (ended) while nothing runs is looked up afresh.
      sessionsOf(auth).memo.clear();
      await testApp.app.inject({ url: '/api/me/usage', headers: { cookie: user.cookie } });
      expect(lookups.count()).toBe(2);
    } finally {
      lookups.restore();
    }
  });

  it('lets a remembered session through without a lookup only under exactly its cookie', async () => {
    const { auth } = testApp.app;
    const user = await signUpUser(testApp.app);
    const stocks = (cookie: string) =>
      testApp.app.inject({ url: '/api/stocks', headers: { cookie } });
    expect((await stocks(user.cookie)).statusCode).toBe(200);
    const [name, value] = user.cookie.split('=') as [string, string];
    const token = value.slice(0, value.lastIndexOf('.'));
    const lookups = countLookups(auth);
    try {
      // Remembered: answered with no lookup.
      expect((await stocks(user.cookie)).statusCode).toBe(200);
      expect(lookups.count()).toBe(0);
      // The same token under a forged signature is not the remembered cookie: better-auth says no.
      const forged = await stocks(`${name}=${token}.${'A'.repeat(43)}%3D`);
      expect(forged.statusCode).toBe(401);
      expect(lookups.count()).toBe(1);
      // A second variant of the cookie beside the real one: no session, and the stray is deleted.
      const planted = await stocks(`__Secure-${name}=planted; ${user.cookie}`);
      expect(planted.statusCode).toBe(401);
      expect([planted.headers['set-cookie']].flat().join('\n')).toContain(
        `__Secure-${name}=; Max-Age=0`,
      );
    } finally {
      lookups.restore();
    }
    // Signed out: forgotten at once, so the remembered path no longer knows it.
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await stocks(user.cookie)).statusCode).toBe(401);
    const request = { headers: { cookie: user.cookie }, raw: { socket: {} } } as Parameters<
      typeof knownSession
    >[1];
    expect(knownSession(auth, request)).toBeUndefined();
  });

  it('knows a kept-alive connection by its repeated cookie only while the memo holds that session', async () => {
    const { auth } = testApp.app;
    const ada = await signUpUser(testApp.app, { name: 'Ada' });
    const bob = await signUpUser(testApp.app, { name: 'Bob' });
    const url = new URL(await testApp.app.listen({ host: '127.0.0.1', port: 0 }));
    // One connection for every request, as a browser tab's or a proxy's.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<Socket>();
    const me = (cookie: string) =>
      new Promise<{ status: number; name?: string; email?: string }>((resolve, reject) => {
        const call = httpRequest(
          { host: url.hostname, port: url.port, path: '/api/me', agent, headers: { cookie } },
          (response) => {
            sockets.add(response.socket);
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => {
              const { name, email } = response.statusCode === 200 ? JSON.parse(body) : {};
              resolve({ status: response.statusCode ?? 0, name, email });
            });
          },
        );
        call.on('error', reject);
        call.end();
      });
    const lookups = countLookups(auth);
    try {
      expect(await me(ada.cookie)).toMatchObject({ status: 200, name: 'Ada' });
      expect(await me(ada.cookie)).toMatchObject({ status: 200, name: 'Ada' });
      // Two visitors taking turns on one connection: each is only ever themselves.
      expect(await me(bob.cookie)).toMatchObject({ status: 200, name: 'Bob' });
      expect(await me(ada.cookie)).toMatchObject({ status: 200, name: 'Ada' });
      expect(await me(bob.cookie)).toMatchObject({ status: 200, name: 'Bob' });
      const [name, value] = ada.cookie.split('=') as [string, string];
      const token = value.slice(0, value.lastIndexOf('.'));
      expect((await me(`${name}=${token}.${'A'.repeat(43)}%3D`)).status).toBe(401);
      expect((await me(`__Secure-${name}=planted; ${ada.cookie}`)).status).toBe(401);
      expect(await me(ada.cookie)).toMatchObject({ status: 200, name: 'Ada' });
      const before = lookups.count();
      // The session looked up again (forgotten, then remembered anew): the connection's last
      // hit no longer matches the memo's entry, and the full check runs.
      sessionsOf(auth).memo.clear();
      expect(await me(ada.cookie)).toMatchObject({ status: 200, name: 'Ada' });
      expect(lookups.count()).toBe(before + 1);
      expect(await me(ada.cookie)).toMatchObject({ status: 200, name: 'Ada' });
      expect(lookups.count()).toBe(before + 1);
      // The memo's entry replaced (as a new lookup does): the connection answers with the new one.
      const memo = sessionsOf(auth).memo;
      const key = sessionKey(token);
      const entry = memo.get(key)!;
      memo.set(
        key,
        { ...entry, user: { ...entry.user, email: 'ada@new.example' } },
        entry.expiresAt,
      );
      expect(await me(ada.cookie)).toMatchObject({ status: 200, email: 'ada@new.example' });
    } finally {
      lookups.restore();
    }
    // Signed out elsewhere: the very next request on the connection is refused.
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: ada.cookie, origin: testOrigin },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await me(ada.cookie)).status).toBe(401);
    expect(await me(bob.cookie)).toMatchObject({ status: 200, name: 'Bob' });
    expect(sockets.size).toBe(1);
    agent.destroy();
  });
});
