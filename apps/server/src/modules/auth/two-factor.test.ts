import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpInbox } from '../../../test/smtp-inbox.ts';
import {
  cookieFrom,
  createTestApp,
  deviceCookieFrom,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { codeFor, withCookies } from '../../../test/two-factor.ts';

const inbox = new SmtpInbox();
let testApp: TestApp;
let app: FastifyInstance;
let addressCounter = 0;

const enabledSubject = 'Two-factor sign-in is on for your Tickerwise account';
const disabledSubject = 'Two-factor sign-in is off for your Tickerwise account';

beforeAll(async () => {
  await inbox.start();
  testApp = await createTestApp({
    config: { mail: { smtpUrl: inbox.url, from: 'Tickerwise <no-reply@127.0.0.1>' } },
  });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await inbox.stop();
});

async function deliver() {
  await app.mail.mailer.settle();
  await app.mail.deliverDue();
}

/** Each caller its own client address, so the per-address limits of one test do not spill. */
function fromAddress(): string {
  addressCounter += 1;
  return `192.0.2.${addressCounter % 250}`;
}

function post(url: string, cookie: string, payload: unknown, ip = fromAddress()) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie, origin: testOrigin, 'x-forwarded-for': ip },
    payload: payload as Record<string, unknown>,
  });
}

interface Enabled {
  user: SignedUpUser;
  cookie: string;
  totpURI: string;
  backupCodes: string[];
}

async function enable(user: SignedUpUser): Promise<Enabled> {
  const started = await post('/api/auth/two-factor/enable', user.cookie, {
    password: user.password,
  });
  expect(started.statusCode).toBe(200);
  const { totpURI, backupCodes } = started.json();
  const confirmed = await post('/api/auth/two-factor/verify-totp', user.cookie, {
    code: await codeFor(totpURI, -1),
  });
  expect(confirmed.statusCode).toBe(200);
  return {
    user,
    cookie: withCookies(user.cookie, confirmed.headers['set-cookie']),
    totpURI,
    backupCodes,
  };
}

function status(cookie: string) {
  return app.inject({ method: 'GET', url: '/api/me/two-factor', headers: { cookie } });
}

function signIn(user: SignedUpUser, cookie = user.deviceCookie) {
  return post('/api/auth/sign-in/email', cookie, { email: user.email, password: user.password });
}

describe('Turning two-factor sign-in on', () => {
  it('shows the secret and ten recovery codes, and is on once a code from the app is accepted', async () => {
    const user = await signUpUser(app, { name: 'Katherine Johnson' });
    expect((await status(user.cookie)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const started = await post('/api/auth/two-factor/enable', user.cookie, {
      password: user.password,
    });
    expect(started.statusCode).toBe(200);
    const { totpURI, backupCodes } = started.json();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Tickerwise');
    expect(uri.searchParams.get('secret')).toMatch(/^[A-Z2-7]+$/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on until the app's first code is accepted.
    expect((await status(user.cookie)).json().enabled).toBe(false);

    const wrong = await post('/api/auth/two-factor/verify-totp', user.cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');
    expect((await status(user.cookie)).json().enabled).toBe(false);

    const code = await codeFor(totpURI);
    const confirmed = await post('/api/auth/two-factor/verify-totp', user.cookie, { code });
    expect(confirmed.statusCode).toBe(200);
    const cookie = withCookies(user.cookie, confirmed.headers['set-cookie']);
    const after = (await status(cookie)).json();
    expect(after.enabled).toBe(true);
    expect(after.recoveryCodesLeft).toBe(10);
    expect(Date.parse(after.enabledAt)).toBeGreaterThan(Date.now() - 60_000);

    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: enabledSubject });
    expect(mail!.parsed.text).toContain('Hello Katherine Johnson');
    expect(mail!.parsed.text).toContain('Two-factor sign-in was turned on');
    expect(mail!.parsed.text).toContain(`${testOrigin}/forgot-password`);
  });

  it('needs the right password to start', async () => {
    const user = await signUpUser(app);
    const refused = await post('/api/auth/two-factor/enable', user.cookie, {
      password: 'not my password',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_password' });
    const missing = await post('/api/auth/two-factor/enable', user.cookie, {});
    expect(missing.statusCode).toBe(400);
    const signedOut = await post('/api/auth/two-factor/enable', '', { password: 'x' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a code that is not six digits before asking the plugin', async () => {
    const user = await signUpUser(app);
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const refused = await post('/api/auth/two-factor/verify-totp', user.cookie, { code });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
  });
});

describe('Signing in with two-factor sign-in on', () => {
  it('asks for a code after the password, and the session starts only with it', async () => {
    const { user, totpURI } = await enable(await signUpUser(app));
    const first = await signIn(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const pending = withCookies('', first.headers['set-cookie']);
    expect(pending).toContain('tickerwise.two_factor=');
    expect(pending).not.toContain('tickerwise.session_token=');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: pending } });
    expect(me.statusCode).toBe(401);

    const wrong = await post('/api/auth/two-factor/verify-totp', pending, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_code' });

    const code = await codeFor(totpURI, 1);
    const second = await post('/api/auth/two-factor/verify-totp', pending, { code });
    expect(second.statusCode).toBe(200);
    expect(second.json().token).toBeUndefined();
    const session = cookieFrom(second.headers['set-cookie']);
    expect(session).toContain('tickerwise.session_token=');
    const signedIn = await app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: session },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(deviceCookieFrom(second.headers['set-cookie'])).toContain('tickerwise.device=');

    // The same code again, on a new sign-in: refused, though it is still in its 30 s.
    const again = await signIn(user);
    const replay = await post(
      '/api/auth/two-factor/verify-totp',
      cookieFrom(again.headers['set-cookie']),
      { code },
    );
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('code_already_used');
  });

  it('takes each recovery code once', async () => {
    const { user, backupCodes } = await enable(await signUpUser(app));
    const [code] = backupCodes;
    const pending = cookieFrom((await signIn(user)).headers['set-cookie']);
    // Typed without its dash, and in a phone's spacing: still the code.
    const typed = `${code!.slice(0, 5)} ${code!.slice(6)}`;
    const used = await post('/api/auth/two-factor/verify-backup-code', pending, { code: typed });
    expect(used.statusCode).toBe(200);
    expect(cookieFrom(used.headers['set-cookie'])).toContain('tickerwise.session_token=');
    const cookie = cookieFrom(used.headers['set-cookie']);
    expect((await status(cookie)).json().recoveryCodesLeft).toBe(9);

    const pendingAgain = cookieFrom((await signIn(user)).headers['set-cookie']);
    const reused = await post('/api/auth/two-factor/verify-backup-code', pendingAgain, { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_code');
  });

  it('asks for the password again once the second step has lapsed or was never begun', async () => {
    const lapsed = await post('/api/auth/two-factor/verify-totp', '', { code: '123456' });
    expect(lapsed.statusCode).toBe(401);
    expect(lapsed.json().error.code).toBe('sign_in_expired');
    const forged = await post(
      '/api/auth/two-factor/verify-backup-code',
      'tickerwise.two_factor=2fa-nothing.forged',
      { code: 'abcde-12345' },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('sign_in_expired');
  });

  it('ends the second step after five wrong codes', async () => {
    const { user, totpURI } = await enable(await signUpUser(app));
    const pending = cookieFrom((await signIn(user)).headers['set-cookie']);
    const ip = fromAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post('/api/auth/two-factor/verify-totp', pending, { code: '000000' }, ip);
      expect(wrong.statusCode).toBe(400);
    }
    const right = await post(
      '/api/auth/two-factor/verify-totp',
      pending,
      { code: await codeFor(totpURI, 1) },
      ip,
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('too_many_codes');
  });

  it('does not offer the plugin paths the product does not use', async () => {
    const user = await signUpUser(app);
    const otp = await post('/api/auth/two-factor/send-otp', user.cookie, {});
    expect(otp.statusCode).toBe(404);
    const uri = await post('/api/auth/two-factor/get-totp-uri', user.cookie, {
      password: user.password,
    });
    expect(uri.statusCode).toBe(404);
  });
});

describe('Recovery codes and turning it off in Settings', () => {
  it('makes ten new codes with the password and a code, and the old ones stop working', async () => {
    const { user, cookie, totpURI, backupCodes } = await enable(await signUpUser(app));
    const noCode = await post('/api/auth/two-factor/generate-backup-codes', cookie, {
      password: user.password,
    });
    expect(noCode.statusCode).toBe(400);
    const wrongCode = await post('/api/auth/two-factor/generate-backup-codes', cookie, {
      password: user.password,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.code).toBe('invalid_code');

    const renewed = await post('/api/auth/two-factor/generate-backup-codes', cookie, {
      password: user.password,
      code: await codeFor(totpURI, 1),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => backupCodes.includes(code))).toBe(false);

    const pending = cookieFrom((await signIn(user)).headers['set-cookie']);
    const old = await post('/api/auth/two-factor/verify-backup-code', pending, {
      code: backupCodes[0],
    });
    expect(old.statusCode).toBe(400);
    const current = await post('/api/auth/two-factor/verify-backup-code', pending, {
      code: fresh[0],
    });
    expect(current.statusCode).toBe(200);
  });

  it('turns off only with the password and a code, tells the owner, and sign-in needs the password alone', async () => {
    const { user, cookie, backupCodes } = await enable(
      await signUpUser(app, { name: 'Mary Jackson' }),
    );
    const wrongPassword = await post('/api/auth/two-factor/disable', cookie, {
      password: 'not my password',
      code: backupCodes[0],
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('invalid_password');
    const noCode = await post('/api/auth/two-factor/disable', cookie, { password: user.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toHaveProperty('code');
    const wrongCode = await post('/api/auth/two-factor/disable', cookie, {
      password: user.password,
      code: '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.code).toBe('invalid_code');
    expect((await status(cookie)).json().enabled).toBe(true);

    // A recovery code will do, for someone who lost the phone.
    const off = await post('/api/auth/two-factor/disable', cookie, {
      password: user.password,
      code: backupCodes[1],
    });
    expect(off.statusCode).toBe(200);
    const after = withCookies(cookie, off.headers['set-cookie']);
    expect((await status(after)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const plain = await signIn(user);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect(cookieFrom(plain.headers['set-cookie'])).toContain('tickerwise.session_token=');

    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: disabledSubject });
    expect(mail!.parsed.text).toContain('Hello Mary Jackson');
    expect(mail!.parsed.text).toContain('your recovery codes no longer work');
  });
});
