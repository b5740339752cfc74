import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../../test/test-app.ts';
import { knownSession, sessionsOf } from './guard.ts';

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
    const getSession = auth.api.getSession;
    let lookups = 0;
    auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
      lookups += 1;
      return getSession(...args);
    }) as typeof getSession;
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          testApp.app.inject({ url: '/api/me/usage', headers: { cookie: user.cookie } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      expect(lookups).toBe(1);
      // Remembered now: the next request asks nobody.
      expect(
        (await testApp.app.inject({ url: '/api/me/usage', headers: { cookie: user.cookie } }))
          .statusCode,
      ).toBe(200);
      expect(lookups).toBe(1);
      // A session forgotten (ended) while nothing runs is looked up afresh.
      sessionsOf(auth).memo.clear();
      await testApp.app.inject({ url: '/api/me/usage', headers: { cookie: user.cookie } });
      expect(lookups).toBe(2);
    } finally {
      auth.api.getSession = getSession;
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
    const getSession = auth.api.getSession;
    let lookups = 0;
    auth.api.getSession = ((...args: Parameters<typeof getSession>) => {
      lookups += 1;
      return getSession(...args);
    }) as typeof getSession;
    try {
      // Remembered: answered with no lookup.
      expect((await stocks(user.cookie)).statusCode).toBe(200);
      expect(lookups).toBe(0);
      // The same token under a forged signature is not the remembered cookie: better-auth says no.
      const forged = await stocks(`${name}=${token}.${'A'.repeat(43)}%3D`);
      expect(forged.statusCode).toBe(401);
      expect(lookups).toBe(1);
      // A second variant of the cookie beside the real one: no session, and the stray is deleted.
      const planted = await stocks(`__Secure-${name}=planted; ${user.cookie}`);
      expect(planted.statusCode).toBe(401);
      expect([planted.headers['set-cookie']].flat().join('\n')).toContain(
        `__Secure-${name}=; Max-Age=0`,
      );
    } finally {
      auth.api.getSession = getSession;
    }
    // Signed out: forgotten at once, so the remembered path no longer knows it.
    const signOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await stocks(user.cookie)).statusCode).toBe(401);
    const request = { headers: { cookie: user.cookie } } as Parameters<typeof knownSession>[1];
    expect(knownSession(auth, request)).toBeUndefined();
  });
});
