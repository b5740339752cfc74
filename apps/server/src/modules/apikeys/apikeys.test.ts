import { createHash } from 'node:crypto';
import { apiKeyPattern, apiKeysPerUser, type SubscriptionTier } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  setTierHeard,
  signInUser,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
  testOrigin,
  untilAnnounced,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { defaultLimits } from '../../config.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

/**
 * Fifty requests a minute per key, so that the limit is reached in a test, while each instance
 * still reserves several at a time (and a key it remembers costs no query at all).
 */
const rateLimit = { max: 50, windowSeconds: 60 };

let testApp: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let second: FastifyInstance;
beforeAll(async () => {
  const config = { limits: { ...defaultLimits, apiRequestsPerKey: rateLimit } };
  testApp = await createTestApp({ config });
  second = await buildApp(testConfig(config), testDeps({ database: testApp.db.database }));
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await testApp.close();
});

const db = () => testApp.db.database.db;

/**
 * A user on `tier`, once both instances heard of the plan change: a lookup under way while
 * anything is announced is not remembered, and a key looked up after this is.
 */
async function userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  // Users sign up on Free: only another plan is a change the database announces.
  if (tier !== 'free') await setTierHeard(testApp, user.id, tier);
  return user;
}

/**
 * Runs `change` and returns its result once both instances heard the database announce that
 * `user`'s API access changed (a key deleted, a plan changed): the instances listen before
 * this does, so by then each has forgotten what it remembered of the user's keys.
 */
function accessChanged<T>(user: SignedUpUser, change: () => Promise<T>): Promise<T> {
  return untilAnnounced(testApp, 'api_access_changed', change, (id) => id === user.id);
}

function createKey(
  user: SignedUpUser,
  name: unknown = 'Trading bot',
  password: unknown = user.password,
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { origin: testOrigin, cookie: user.cookie },
    payload: password === null ? { name } : { name, password },
  });
}

async function newKey(user: SignedUpUser, name = 'Trading bot') {
  const response = await createKey(user, name);
  expect(response.statusCode).toBe(201);
  return response.json() as { key: { id: string; prefix: string }; secret: string };
}

const listKeys = (user: SignedUpUser) =>
  testApp.app.inject({ method: 'GET', url: '/api/api-keys', headers: { cookie: user.cookie } });

const revoke = (user: SignedUpUser, id: string, app = testApp.app) =>
  app.inject({
    method: 'DELETE',
    url: `/api/api-keys/${id}`,
    headers: { origin: testOrigin, cookie: user.cookie },
  });

function callApi(secret: string, app = testApp.app, url = '/api/v1/key') {
  return app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
}

/** A route that reads nothing of the key's: only the key check can refuse it. */
const quote = '/api/v1/quotes/AAPL';

/** Calls until the answer is `status` or a second has passed: announcements take milliseconds. */
async function eventually(call: () => Promise<{ statusCode: number }>, status: number) {
  const started = Date.now();
  let last = await call();
  while (last.statusCode !== status && Date.now() - started < 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    last = await call();
  }
  return { status: last.statusCode, ms: Date.now() - started };
}

describe('making keys', () => {
  it('shows the secret once and keeps only its SHA-256 and its first characters', async () => {
    const user = await userOn('enterprise');
    const { key, secret } = await newKey(user);
    expect(secret).toMatch(apiKeyPattern);
    expect(key.prefix).toBe(secret.slice(0, 11));

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(11));

    const list = await listKeys(user);
    expect(list.json()).toMatchObject({
      keys: [{ id: key.id, name: 'Trading bot', prefix: key.prefix, lastUsedAt: null }],
      rateLimit: { requests: 50, windowSeconds: 60 },
    });
    expect(list.body).not.toContain(secret.slice(11));
  });

  it('are for plans with API access: Free and Pro are told to upgrade', async () => {
    for (const tier of ['free', 'pro'] as const) {
      const response = await createKey(await userOn(tier));
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({
        code: 'upgrade_required',
        requiredTier: 'enterprise',
        message: 'API access is part of the Enterprise plan and up. Upgrade to use it.',
      });
    }
    expect((await createKey(await userOn('alpha'))).statusCode).toBe(201);
  });

  it('need a name, and an account holds at most ten', async () => {
    const user = await userOn('enterprise');
    expect((await createKey(user, '   ')).json().error.fields).toEqual({
      name: 'Please name the key',
    });
    expect((await createKey(user, 'x'.repeat(61))).statusCode).toBe(400);
    for (let index = 0; index < apiKeysPerUser; index += 1) await newKey(user, `Key ${index}`);
    const eleventh = await createKey(user);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.code).toBe('too_many_api_keys');
  });

  it('need the account’s password: a session alone makes no key, and wrong ones are counted', async () => {
    const user = await userOn('enterprise');
    const missing = await createKey(user, 'Stolen', null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ password: 'Please enter your password' });
    const wrong = await createKey(user, 'Stolen', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'invalid_password',
      fields: { password: 'This password is not correct.' },
    });
    expect((await listKeys(user)).json().keys).toEqual([]);
    // Wrong passwords count as when deleting the account: guessing stops at the limit.
    let last = wrong;
    for (let attempt = 0; attempt < 20 && last.statusCode !== 429; attempt += 1) {
      last = await createKey(user, 'Stolen', `guess number ${attempt}`);
    }
    expect(last.statusCode).toBe(429);
    expect((await listKeys(user)).json().keys).toEqual([]);
  });
});

describe('using keys', () => {
  it('answers the key’s owner, with the rate limit fields, and notes when it was used', async () => {
    const user = await userOn('enterprise');
    const { key, secret } = await newKey(user, 'Spreadsheet');
    const response = await callApi(secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      key: { name: 'Spreadsheet', prefix: key.prefix },
      plan: 'enterprise',
      rateLimit: { requests: 50, windowSeconds: 60 },
    });
    expect(response.headers['ratelimit-policy']).toBe('"per-key";q=50;w=60');
    expect(response.headers.ratelimit).toMatch(/^"per-key";r=49;t=\d+$/);
    const listed = await eventually(async () => {
      const { keys } = (await listKeys(user)).json();
      return { statusCode: keys[0].lastUsedAt ? 200 : 0 };
    }, 200);
    expect(listed.status).toBe(200);
  });

  it('refuses a missing, malformed or unknown key, and a session cookie instead of one', async () => {
    const user = await userOn('enterprise');
    const none = await testApp.app.inject({ method: 'GET', url: '/api/v1/key' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('api_key_required');
    expect(none.headers['www-authenticate']).toBe('Bearer realm="Tickerwise API"');
    const cookie = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/key',
      headers: { cookie: user.cookie },
    });
    expect(cookie.statusCode).toBe(401);
    expect(cookie.json().error.message).toMatch(/does not accept a signed-in session/);
    for (const bad of ['tw_short', `tw_${'A'.repeat(43)}`, 'not a key at all']) {
      const response = await callApi(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('invalid_api_key');
    }
    const basic = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/key',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('carries the rate limit fields on 401 and 402 answers too', async () => {
    const policy = '"per-key";q=50;w=60';
    const none = await testApp.app.inject({ method: 'GET', url: quote });
    const unknown = await callApi(`tw_${'B'.repeat(43)}`, testApp.app, quote);
    for (const refused of [none, unknown]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['ratelimit-policy']).toBe(policy);
      // No key's window was counted: a key has its whole quota.
      expect(refused.headers.ratelimit).toBe('"per-key";r=50;t=60');
    }
    const user = await userOn('enterprise');
    const { secret } = await newKey(user);
    expect((await callApi(secret, testApp.app, quote)).headers.ratelimit).toMatch(
      /^"per-key";r=49;t=\d+$/,
    );
    await setTierHeard(testApp, user.id, 'free');
    const unpaid = await callApi(secret, testApp.app, quote);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error.code).toBe('upgrade_required');
    expect(unpaid.headers['ratelimit-policy']).toBe(policy);
    expect(unpaid.headers.ratelimit).toMatch(/^"per-key";r=48;t=\d+$/);
  });

  it('stops working at once when its owner leaves a plan with API access, and works again after', async () => {
    const user = await userOn('enterprise');
    const { secret } = await newKey(user);
    expect((await callApi(secret, testApp.app, quote)).statusCode).toBe(200);
    expect((await callApi(secret, second, quote)).statusCode).toBe(200);
    await setTierHeard(testApp, user.id, 'pro');
    const here = await callApi(secret, testApp.app, quote);
    const there = await callApi(secret, second, quote);
    expect([here.statusCode, there.statusCode]).toEqual([402, 402]);
    expect((await callApi(secret)).json().error.requiredTier).toBe('enterprise');
    await setTier(db(), user.id, 'enterprise');
    expect((await eventually(() => callApi(secret, second), 200)).status).toBe(200);
  });

  it('keeps to its rate limit across two instances, then says when to come back', async () => {
    const user = await userOn('enterprise');
    const { secret } = await newKey(user);
    const answers = [];
    for (let index = 0; index < 53; index += 1) {
      answers.push(await callApi(secret, index % 2 === 0 ? testApp.app : second));
    }
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toEqual([...Array(50).fill(200), 429, 429, 429]);
    const remaining = answers.slice(0, 50).map((answer) => answer.headers.ratelimit);
    expect(remaining.at(-1)).toMatch(/^"per-key";r=0;t=\d+$/);
    const refused = answers[50];
    expect(refused?.json().error.code).toBe('rate_limited');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);
    // Another key of the same user has a limit of its own.
    const { secret: other } = await newKey(user, 'Second');
    expect((await callApi(other)).statusCode).toBe(200);
    expect(refused?.json().error.message).toBe(
      'This API key made its 50 requests allowed a minute. Try again in ' +
        `${refused?.headers['retry-after']} s.`,
    );
  });
});

describe('revoking keys', () => {
  it('stops the key on every instance at once', async () => {
    const user = await userOn('enterprise');
    const { key, secret } = await newKey(user);
    // Both instances check the key after the plan change was announced, so both remember it.
    expect((await callApi(secret, testApp.app, quote)).statusCode).toBe(200);
    expect((await callApi(secret, second, quote)).statusCode).toBe(200);
    const revoked = await accessChanged(user, () => revoke(user, key.id, second));
    expect(revoked.statusCode).toBe(204);
    expect((await callApi(secret, second, quote)).statusCode).toBe(401);
    // The other instance remembered the key and still holds requests of its allowance: only
    // the database's announcement can have stopped it.
    const elsewhere = await callApi(secret, testApp.app, quote);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error.code).toBe('invalid_api_key');
    expect((await listKeys(user)).json().keys).toEqual([]);
  });

  it('revokes every key of the user on a new password, on every instance at once', async () => {
    const user = await userOn('enterprise');
    const { secret } = await newKey(user);
    const { secret: other } = await newKey(user, 'Second');
    expect((await callApi(secret, testApp.app, quote)).statusCode).toBe(200);
    expect((await callApi(secret, second, quote)).statusCode).toBe(200);
    const changed = await accessChanged(user, () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: testOrigin, cookie: user.cookie },
        payload: { currentPassword: user.password, newPassword: 'a brand new secret' },
      }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await callApi(secret, testApp.app, quote)).statusCode).toBe(401);
    // The second instance remembered the key: only the announcement can have stopped it there.
    const elsewhere = await callApi(secret, second, quote);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error.code).toBe('invalid_api_key');
    expect((await callApi(other, second, quote)).statusCode).toBe(401);
  });

  it('revokes every key of the user on signing out everywhere else, on every instance', async () => {
    const user = await userOn('enterprise');
    await signInUser(testApp.app, user);
    const { secret } = await newKey(user);
    expect((await callApi(secret, testApp.app, quote)).statusCode).toBe(200);
    expect((await callApi(secret, second, quote)).statusCode).toBe(200);
    const signedOut = await accessChanged(user, () =>
      second.inject({
        method: 'POST',
        url: '/api/me/sessions/sign-out-others',
        headers: { origin: testOrigin, cookie: user.cookie },
      }),
    );
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ signedOut: 1, revokedApiKeys: 1 });
    expect((await callApi(secret, second, quote)).statusCode).toBe(401);
    expect((await callApi(secret, testApp.app, quote)).statusCode).toBe(401);
    expect((await listKeys(user)).json().keys).toEqual([]);
  });

  it('answers 404 for another user’s key, which keeps working', async () => {
    const owner = await userOn('enterprise');
    const stranger = await userOn('enterprise');
    const { key, secret } = await newKey(owner);
    expect((await revoke(stranger, key.id)).statusCode).toBe(404);
    expect((await revoke(stranger, 'not-a-uuid')).statusCode).toBe(404);
    expect((await callApi(secret)).statusCode).toBe(200);
    expect((await listKeys(stranger)).json().keys).toEqual([]);
  });
});
