import { symmetricDecrypt } from 'better-auth/crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UnopenableSealError } from '../src/db/reseal.ts';
import { alertDestinations, twoFactor } from '../src/db/schema/index.ts';
import { sealerFrom } from '../src/modules/integrations/signing.ts';
import { ResealRefused, resealSecrets } from '../src/reseal.ts';
import {
  cookieFrom,
  createTestApp,
  type SignedUpUser,
  signUpUser,
  startSecondInstance,
  type TestApp,
  testConfig,
  testOrigin,
} from './test-app.ts';
import { codeFor, withCookies } from './two-factor.ts';

const oldSecret = testConfig().authSecret!;
const newSecret = 'a-new-secret-after-the-old-one-leaked-0123456789';

let testApp: TestApp;
let user: SignedUpUser;
let totpURI: string;
let recoveryCodes: string[];
const destinationUrl = 'https://hooks.example.com/services/T000/B000/very-secret-path';
const signingSecret = `whsec_${Buffer.from('twenty-four random bytes').toString('base64')}`;

function post(app: TestApp['app'], url: string, cookie: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: testOrigin },
    payload: payload as Record<string, unknown>,
  });
}

async function sealedRows() {
  const { db } = testApp.db.database;
  return {
    twoFactor: await db.select().from(twoFactor),
    destinations: await db.select().from(alertDestinations),
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  const { app } = testApp;
  user = await signUpUser(app);
  const started = await post(app, '/api/auth/two-factor/enable', user.cookie, {
    password: user.password,
  });
  expect(started.statusCode).toBe(200);
  ({ totpURI, backupCodes: recoveryCodes } = started.json());
  const confirmed = await post(app, '/api/auth/two-factor/verify-totp', user.cookie, {
    code: await codeFor(totpURI, -1),
  });
  expect(confirmed.statusCode).toBe(200);
  // A webhook destination, sealed as the integrations module seals it.
  const sealer = sealerFrom(oldSecret);
  await testApp.db.database.db.insert(alertDestinations).values({
    userId: user.id,
    kind: 'webhook',
    name: 'Trading desk',
    urlSealed: sealer.seal(destinationUrl),
    displayUrl: 'https://hooks.example.com/…',
    secretSealed: sealer.seal(signingSecret),
    createdAt: new Date(),
  });
});
afterAll(async () => {
  await testApp.close();
});

it('refuses a wrong old secret, or the same secret twice, and changes nothing', async () => {
  const before = await sealedRows();
  const { db } = testApp.db.database;
  await expect(
    resealSecrets(db, { from: 'not-the-secret-that-sealed-these-values-at-all', to: newSecret }),
  ).rejects.toBeInstanceOf(UnopenableSealError);
  await expect(resealSecrets(db, { from: oldSecret, to: oldSecret })).rejects.toBeInstanceOf(
    ResealRefused,
  );
  expect(await sealedRows()).toEqual(before);
});

it('re-seals two-factor sign-ins and alert destinations under the new secret, once', async () => {
  const { db } = testApp.db.database;
  const before = await sealedRows();
  expect(await resealSecrets(db, { from: oldSecret, to: newSecret })).toEqual({
    twoFactor: { resealed: 1, current: 0 },
    destinations: { resealed: 1, current: 0 },
  });
  const after = await sealedRows();
  expect(after.twoFactor[0]?.secret).not.toBe(before.twoFactor[0]?.secret);
  const destination = after.destinations[0]!;
  const sealer = sealerFrom(newSecret);
  expect(sealer.open(destination.urlSealed)).toBe(destinationUrl);
  expect(sealer.open(destination.secretSealed!)).toBe(signingSecret);
  await expect(
    symmetricDecrypt({ key: oldSecret, data: after.twoFactor[0]!.secret }),
  ).rejects.toThrow();

  // Again (a second run, or one after an interruption): nothing left to do, nothing changed.
  expect(await resealSecrets(db, { from: oldSecret, to: newSecret })).toEqual({
    twoFactor: { resealed: 0, current: 1 },
    destinations: { resealed: 0, current: 1 },
  });
  expect(await sealedRows()).toEqual(after);
});

it('lets a user with two-factor sign-in on sign in to an instance on the new secret, with a code or a recovery code', async () => {
  const next = await startSecondInstance(testApp, { authSecret: newSecret });
  try {
    const signIn = async () => {
      const first = await post(next.app, '/api/auth/sign-in/email', user.deviceCookie, {
        email: user.email,
        password: user.password,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      return withCookies('', first.headers['set-cookie']);
    };
    const withCode = await post(next.app, '/api/auth/two-factor/verify-totp', await signIn(), {
      code: await codeFor(totpURI, 1),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(cookieFrom(withCode.headers['set-cookie'])).toContain('tickerwise.session_token=');

    const withRecovery = await post(
      next.app,
      '/api/auth/two-factor/verify-backup-code',
      await signIn(),
      { code: recoveryCodes[0] },
    );
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
  } finally {
    await next.close();
  }
});
