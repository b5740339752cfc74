import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../../test/error-logs.ts';
import {
  cookieFrom,
  createTestApp,
  deviceCookieFrom,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { defaultLimits } from '../../config.ts';
import { profiles, session as sessions, user as users } from '../../db/schema/index.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin, ...headers } });

const me = (cookie: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

describe('sign-up', () => {
  it('creates the user and their Free profile before it returns', async () => {
    const created = await signUpUser(testApp.app, { name: 'Grace Hopper', plan: 'free' });
    const { db } = testApp.db.database;
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toMatchObject({ name: 'Grace Hopper', subscriptionTier: 'free' });
    const response = await me(created.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: created.id,
      name: 'Grace Hopper',
      email: created.email,
      subscription_tier: 'free',
    });
  });

  it('starts an Alpha account on Alpha', async () => {
    const created = await signUpUser(testApp.app, { plan: 'alpha' });
    expect((await me(created.cookie)).json().subscription_tier).toBe('alpha');
  });

  it('starts a Pro or Enterprise account on Free until it pays', async () => {
    for (const plan of ['pro', 'enterprise']) {
      const created = await signUpUser(testApp.app, { plan });
      expect((await me(created.cookie)).json().subscription_tier).toBe('free');
    }
  });

  it('ignores a tier sent by the client', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'long enough password',
      plan: 'free',
      subscription_tier: 'enterprise',
      subscriptionTier: 'enterprise',
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    const cookie = cookieFrom(response.headers['set-cookie']);
    expect((await me(cookie)).json().subscription_tier).toBe('free');
    const [row] = await testApp.db.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sneaky@example.com'));
    expect(row?.role).toBe('user');
  });

  it('rejects a second account with the same email, whatever its case', async () => {
    const created = await signUpUser(testApp.app);
    const response = await post('/api/auth/sign-up/email', {
      name: 'Twin',
      email: created.email.toUpperCase(),
      password: 'another password',
      plan: 'free',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      'An account with this email already exists. Sign in instead.',
    );
  });

  it('names each invalid field with the shared rules', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'A',
      email: 'not-an-email',
      password: 'short',
      plan: 'free',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
      },
    });
  });

  it('needs a known plan', async () => {
    const response = await post('/api/auth/sign-up/email', {
      name: 'No Plan',
      email: 'noplan@example.com',
      password: 'long enough password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('plan');
  });

  it('refuses a signed-in request from another origin', async () => {
    // better-auth logs the refused origin at error level.
    expectErrorLog(/Invalid origin/);
    const created = await signUpUser(testApp.app);
    const response = await post(
      '/api/auth/sign-out',
      {},
      { origin: 'https://evil.example', cookie: created.cookie },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBeTruthy();
    expect((await me(created.cookie)).statusCode).toBe(200);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and sets an httpOnly, SameSite=Lax cookie', async () => {
    const created = await signUpUser(testApp.app);
    const response = await post('/api/auth/sign-in/email', {
      email: created.email,
      password: created.password,
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect((await me(cookieFrom(response.headers['set-cookie']))).statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const created = await signUpUser(testApp.app);
    const wrong = await post('/api/auth/sign-in/email', {
      email: created.email,
      password: 'not the password',
    });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody-here@example.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid email or password');
  });

  it('needs an email and a password', async () => {
    const response = await post('/api/auth/sign-in/email', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'Please enter your email',
      password: 'Please enter your password',
    });
  });

  it('revokes the session on sign-out', async () => {
    const created = await signUpUser(testApp.app);
    const response = await post('/api/auth/sign-out', {}, { cookie: created.cookie });
    expect(response.statusCode).toBe(200);
    const after = await me(created.cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('ends a signed-out session at once on every instance of the server', async () => {
    const other = await buildApp(testConfig(), testDeps({ database: testApp.db.database }));
    try {
      await other.ready();
      const created = await signUpUser(testApp.app);
      const meOnOther = () =>
        other.inject({ method: 'GET', url: '/api/me', headers: { cookie: created.cookie } });
      expect((await meOnOther()).statusCode).toBe(200);
      await post('/api/auth/sign-out', {}, { cookie: created.cookie });
      await expect.poll(async () => (await meOnOther()).statusCode, { timeout: 2_000 }).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('answers /api/me with 401 without a session', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
  });

  it('has no endpoint that lets a user set their own tier', async () => {
    const created = await signUpUser(testApp.app);
    const response = await post(
      '/api/auth/update-user',
      { subscriptionTier: 'enterprise', role: 'admin' },
      { cookie: created.cookie },
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await me(created.cookie)).json().subscription_tier).toBe('free');
  });
});

describe('what the auth API answers and accepts', () => {
  const get = (url: string, cookie: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { cookie } });

  it('never puts a session token in a JSON answer, only in the cookie', async () => {
    const signUp = await post('/api/auth/sign-up/email', {
      name: 'Token Free',
      email: 'token-free@example.com',
      password: 'long enough password',
      plan: 'free',
    });
    const cookie = cookieFrom(signUp.headers['set-cookie']);
    const token = tokenOf(cookie);
    const signIn = await post('/api/auth/sign-in/email', {
      email: 'token-free@example.com',
      password: 'long enough password',
    });
    const session = await get('/api/auth/get-session', cookie);
    const list = await get('/api/auth/list-sessions', cookie);
    for (const response of [signUp, signIn, session, list]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(token);
      expect(response.body).not.toMatch(/"token"/);
    }
    expect(signUp.json().user.email).toBe('token-free@example.com');
    expect(session.json().user.email).toBe('token-free@example.com');
    expect(list.json()).toHaveLength(2);
    expect(cookieFrom(signIn.headers['set-cookie'])).toMatch(/^tickerwise\.session_token=/);
  });

  it('checks a name change with the shared rules and shows it everywhere', async () => {
    const user = await signUpUser(testApp.app);
    const long = await post(
      '/api/auth/update-user',
      { name: 'x'.repeat(56 * 1024) },
      { cookie: user.cookie },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { name: 'Name must be at most 100 characters' },
    });
    const renamed = await post(
      '/api/auth/update-user',
      { name: '  Grace Hopper ' },
      { cookie: user.cookie },
    );
    expect(renamed.statusCode).toBe(200);
    expect((await me(user.cookie)).json().name).toBe('Grace Hopper');
  });

  it('accepts only an https address as a profile picture', async () => {
    const user = await signUpUser(testApp.app);
    for (const image of [
      'javascript:alert(1)',
      'http://example.com/a.png',
      'data:image/png;base64,AA',
    ]) {
      const refused = await post('/api/auth/update-user', { image }, { cookie: user.cookie });
      expect(refused.statusCode, image).toBe(400);
      expect(refused.json().error.fields.image).toBe(
        'A profile picture must be an https:// address',
      );
    }
    const [before] = await testApp.db.database.db.select().from(users).where(eq(users.id, user.id));
    expect(before?.image).toBeNull();
    const accepted = await post(
      '/api/auth/update-user',
      { image: 'https://images.example.com/ada.png' },
      { cookie: user.cookie },
    );
    expect(accepted.statusCode).toBe(200);
  });
});

/** The session token inside a session cookie (`name=<token>.<signature>`, URL-encoded). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

describe('ending sessions', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(testConfig(), testDeps({ database: testApp.db.database }));
    await other.ready();
  });
  afterAll(() => other.close());

  const meOn = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  /** A user signed in twice (two browsers): the session that acts, and the one it ends. */
  async function twoSessions() {
    const user = await signUpUser(testApp.app);
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    return { user, acting: user.cookie, ended: cookieFrom(signIn.headers['set-cookie']) };
  }

  const revocations = [
    {
      route: 'revoke-session',
      revoke: (acting: string, ended: string) =>
        post('/api/auth/revoke-session', { token: tokenOf(ended) }, { cookie: acting }),
    },
    {
      route: 'revoke-other-sessions',
      revoke: (acting: string) => post('/api/auth/revoke-other-sessions', {}, { cookie: acting }),
    },
    {
      route: 'revoke-sessions',
      revoke: (acting: string) => post('/api/auth/revoke-sessions', {}, { cookie: acting }),
    },
  ];

  for (const { route, revoke } of revocations) {
    it(`/${route} ends the session at once on every instance`, async () => {
      const { acting, ended } = await twoSessions();
      // Both instances have verified (and remember) the session about to end.
      expect((await meOn(testApp.app, ended)).statusCode).toBe(200);
      expect((await meOn(other, ended)).statusCode).toBe(200);
      expect((await revoke(acting, ended)).statusCode).toBe(200);
      for (const app of [testApp.app, other]) {
        await expect
          .poll(async () => (await meOn(app, ended)).statusCode, { timeout: 2_000 })
          .toBe(401);
      }
    });
  }

  it('a password change that signs out other devices ends them at once on every instance', async () => {
    const { user, acting, ended } = await twoSessions();
    expect((await meOn(other, ended)).statusCode).toBe(200);
    const changed = await post(
      '/api/auth/change-password',
      {
        currentPassword: user.password,
        newPassword: 'a brand new password',
      },
      { cookie: acting },
    );
    expect(changed.statusCode).toBe(200);
    await expect
      .poll(async () => (await meOn(other, ended)).statusCode, { timeout: 2_000 })
      .toBe(401);
    const renewed = cookieFrom(changed.headers['set-cookie']);
    expect((await meOn(other, renewed)).statusCode).toBe(200);
  });

  it('a session deleted by any other tool ends at once too', async () => {
    const { user, ended } = await twoSessions();
    expect((await meOn(other, ended)).statusCode).toBe(200);
    await testApp.db.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect
      .poll(async () => (await meOn(other, ended)).statusCode, { timeout: 2_000 })
      .toBe(401);
  });
});

describe('brute force', () => {
  const signIn = (email: string, password: string, address: string, app = testApp) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin, 'x-forwarded-for': address },
      payload: { email, password },
    });

  it('stops guessing one email from one address after 10 failures, and says how long to wait', async () => {
    const created = await signUpUser(testApp.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await signIn(created.email, `wrong ${attempt}`, '192.0.2.10');
      expect(response.statusCode).toBe(401);
    }
    const locked = await signIn(created.email, created.password, '192.0.2.10');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(locked.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    });
  });

  it('lets nobody lock a stranger out: the owner still signs in from their own address', async () => {
    const victim = await signUpUser(testApp.app);
    for (let attempt = 0; attempt < 25; attempt++) {
      await signIn(victim.email, `attacker guess ${attempt}`, '192.0.2.66');
    }
    const owner = await signIn(victim.email, victim.password, '198.51.100.200');
    expect(owner.statusCode).toBe(200);
  });

  it('counts wrong guesses sent at once: exactly 10 of 30 reach the password check', async () => {
    const created = await signUpUser(testApp.app);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        signIn(created.email, `concurrent ${attempt}`, '192.0.2.77'),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('lets a whole campus behind one address sign up', async () => {
    for (let person = 0; person < 12; person++) {
      const response = await post(
        '/api/auth/sign-up/email',
        {
          name: 'Student',
          email: `campus${person}@example.edu`,
          password: 'long enough password',
          plan: 'free',
        },
        { 'x-forwarded-for': '203.0.113.50' },
      );
      expect(response.statusCode).toBe(200);
    }
  });
});

// Each test here checks a password 15 to 30 times (scrypt, on purpose slow): a minute each, not
// the suite's 20 s, so a busy machine does not fail them.
describe('limits set in the configuration', { timeout: 60_000 }, () => {
  const strictLimits = {
    ...defaultLimits,
    signInFailuresPerEmail: { max: 12, windowSeconds: 3600 },
    signUpsPerAddress: { max: 3, windowSeconds: 3600 },
  };

  it('stops distributed guessing of one email at its ceiling, whatever the address', async () => {
    const strict = await createTestApp({ config: { limits: strictLimits } });
    try {
      const victim = await signUpUser(strict.app);
      const guess = (address: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: testOrigin, 'x-forwarded-for': address },
          payload: { email: victim.email, password: 'distributed guess' },
        });
      for (let attempt = 0; attempt < 12; attempt++) {
        expect((await guess(`10.20.${attempt}.1`)).statusCode).toBe(401);
      }
      const refused = await guess('10.20.99.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    } finally {
      await strict.close();
    }
  });

  describe('a browser that signed in before, once guessing fills the ceiling per email', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ config: { limits: strictLimits } });
    });
    afterAll(() => strict.close());

    let addresses = 0;
    const freshAddress = () => {
      addresses += 1;
      return `10.30.${addresses >> 8}.${addresses & 255}`;
    };
    const signInTo = (email: string, password: string, cookie = '') =>
      strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin, 'x-forwarded-for': freshAddress(), cookie },
        payload: { email, password },
      });
    /** The attack: wrong passwords for one email, each from its own address, to the ceiling. */
    async function fillCeiling(email: string) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 14; attempt++) {
        statuses.push((await signInTo(email, `distributed guess ${attempt}`)).statusCode);
      }
      expect(statuses).toEqual([...Array(12).fill(401), 429, 429]);
    }

    it('lets the owner in from a browser that signed in before, at a fresh address', async () => {
      const owner = await signUpUser(strict.app);
      const earlier = await signInTo(owner.email, owner.password);
      const deviceCookie = deviceCookieFrom(earlier.headers['set-cookie']);
      expect(deviceCookie).toMatch(/^tickerwise\.device=/);
      await fillCeiling(owner.email);
      const back = await signInTo(owner.email, owner.password, deviceCookie);
      expect(back.statusCode).toBe(200);
    });

    it('pauses a new browser until the owner signs in from a known one, which lifts the ceiling', async () => {
      const owner = await signUpUser(strict.app);
      await fillCeiling(owner.email);
      const newBrowser = await signInTo(owner.email, owner.password);
      expect(newBrowser.statusCode).toBe(429);
      expect(Number(newBrowser.headers['retry-after'])).toBeGreaterThan(3500);
      expect(newBrowser.json().error).toEqual({
        code: 'new_browser_paused',
        message:
          'This account has had too many failed sign-ins, so sign-ins from new browsers are ' +
          'paused. Sign in from a browser you have used before, sign in with a code we email ' +
          'you, or wait 60 minutes and try again.',
      });
      expect((await signInTo(owner.email, owner.password, owner.deviceCookie)).statusCode).toBe(
        200,
      );
      expect((await signInTo(owner.email, owner.password)).statusCode).toBe(200);
    });

    it('resets the ceiling at every successful sign-in', async () => {
      const owner = await signUpUser(strict.app);
      for (let attempt = 0; attempt < 11; attempt++) {
        expect((await signInTo(owner.email, `guess ${attempt}`)).statusCode).toBe(401);
      }
      expect((await signInTo(owner.email, owner.password)).statusCode).toBe(200);
      await fillCeiling(owner.email);
    });

    it('gives no exemption for another account’s device cookie, a forged one, or after a password change', async () => {
      const owner = await signUpUser(strict.app);
      const other = await signUpUser(strict.app);
      const changed = await signUpUser(strict.app);
      const newPassword = 'a brand new password';
      const change = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: testOrigin, cookie: changed.cookie },
        payload: { currentPassword: changed.password, newPassword },
      });
      expect(change.statusCode).toBe(200);
      await fillCeiling(owner.email);
      await fillCeiling(changed.email);
      const [, value = ''] = owner.deviceCookie.split('=');
      const [issued] = value.split('.');
      const forgeries = [
        other.deviceCookie,
        `tickerwise.device=${issued}.${'A'.repeat(43)}`,
        `tickerwise.device=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`,
      ];
      for (const cookie of forgeries) {
        expect((await signInTo(owner.email, owner.password, cookie)).statusCode).toBe(429);
      }
      // The old password's device cookie is worth nothing; the one the change set is honoured.
      expect((await signInTo(changed.email, newPassword, changed.deviceCookie)).statusCode).toBe(
        429,
      );
      const renewed = deviceCookieFrom(change.headers['set-cookie']);
      expect((await signInTo(changed.email, newPassword, renewed)).statusCode).toBe(200);
      expect((await signInTo(owner.email, owner.password, owner.deviceCookie)).statusCode).toBe(
        200,
      );
    });

    it('keeps the device cookie a year, HttpOnly, under the auth paths', async () => {
      const owner = await signUpUser(strict.app);
      const response = await signInTo(owner.email, owner.password);
      const line = [response.headers['set-cookie']]
        .flat()
        .find((cookie) => cookie?.startsWith('tickerwise.device='));
      expect(line).toMatch(/Max-Age=31536000/);
      expect(line).toMatch(/Path=\/api\/auth/);
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/SameSite=Lax/);
      expect(line).not.toMatch(/Secure/);
    });
  });

  it('limits sign-ups per address', async () => {
    const strict = await createTestApp({ config: { limits: strictLimits } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: testOrigin, 'x-forwarded-for': '203.0.113.7' },
          payload: {
            name: 'Burst',
            email: `burst${attempt}@example.com`,
            password: 'long enough password',
            plan: 'free',
          },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(3500);
          expect(response.json().error.message).toBe(
            'Too many attempts. Please wait 60 minutes and try again.',
          );
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });

  it('limits password changes per address (a stolen session guessing the password)', async () => {
    const strict = await createTestApp({
      config: {
        limits: { ...strictLimits, passwordChangesPerAddress: { max: 2, windowSeconds: 600 } },
      },
    });
    try {
      const user = await signUpUser(strict.app);
      const statuses: number[] = [];
      for (let guess = 0; guess < 3; guess++) {
        const response = await strict.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: { origin: testOrigin, cookie: user.cookie, 'x-forwarded-for': '192.0.2.200' },
          payload: { currentPassword: `guess ${guess}`, newPassword: 'a brand new password' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error.code).toBe('rate_limited');
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(500);
        }
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await strict.close();
    }
  });

  it('does not let a client pick its address when no proxy is trusted', async () => {
    const direct = await createTestApp({ config: { trustProxy: false, limits: strictLimits } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await direct.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: testOrigin, 'x-forwarded-for': `192.0.2.${attempt}` },
          payload: {
            name: 'Burst',
            email: `spoof${attempt}@example.com`,
            password: 'long enough password',
            plan: 'free',
          },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await direct.close();
    }
  });
});
