import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { sessionsOf } from './guard.ts';

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
});
