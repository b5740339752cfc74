import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, SmtpInbox } from '../../../test/smtp-inbox.ts';
import {
  cookieFrom,
  createTestApp,
  deviceCookieFrom,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { defaultLimits } from '../../config.ts';

const inbox = new SmtpInbox();
const clock = testClock();
let testApp: TestApp;
let app: FastifyInstance;
let addresses = 0;

const noticeSubject = 'New sign-in to your Tickerwise account';
const firefoxOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  await inbox.start();
  testApp = await createTestApp({
    clock,
    config: {
      mail: { smtpUrl: inbox.url, from: 'Tickerwise <no-reply@127.0.0.1>' },
      limits: { ...defaultLimits, signInFailuresPerEmail: { max: 6, windowSeconds: 3600 } },
    },
  });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await inbox.stop();
});
afterEach(() => clock.reset());

async function deliver() {
  await app.mail.mailer.settle();
  await app.mail.deliverDue();
}

function freshAddress(): string {
  addresses += 1;
  return `10.40.${addresses >> 8}.${addresses & 255}`;
}

function signIn(
  user: { email: string; password: string },
  {
    cookie = '',
    userAgent = safariOnIphone,
    ...extra
  }: { cookie?: string; userAgent?: string; timeZone?: string; emailCode?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: testOrigin,
      cookie,
      'user-agent': userAgent,
      'x-forwarded-for': freshAddress(),
    },
    payload: { email: user.email, password: user.password, ...extra },
  });
}

/** Signs up, then signs in once from a browser in Paris (the account's first sign-in). */
async function regular(name = 'Grace Hopper'): Promise<SignedUpUser & { browser: string }> {
  const user = await signUpUser(app, { name });
  const first = await signIn(user, { timeZone: 'Europe/Paris' });
  expect(first.statusCode).toBe(200);
  return { ...user, browser: deviceCookieFrom(first.headers['set-cookie']) };
}

describe('A sign-in from a new browser', () => {
  it('sends no notice for the first sign-in after sign-up, nor from a browser the account knows', async () => {
    const user = await signUpUser(app);
    const first = await signIn(user, { userAgent: firefoxOnWindows });
    expect(first.statusCode).toBe(200);
    const browser = deviceCookieFrom(first.headers['set-cookie']);
    expect((await signIn(user, { cookie: browser })).statusCode).toBe(200);
    expect((await signIn(user, { cookie: user.deviceCookie })).statusCode).toBe(200);
    await deliver();
    expect(inbox.to(user.email, noticeSubject)).toHaveLength(0);
  });

  it('emails the browser, the system and the time, in UTC and the user’s own zone', async () => {
    const user = await regular('Grace Hopper');
    clock.set(new Date('2026-04-01T09:30:00Z'));
    const stranger = await signIn(user, { userAgent: firefoxOnWindows, timeZone: 'Asia/Tokyo' });
    expect(stranger.statusCode).toBe(200);
    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: noticeSubject });
    const text = mail!.parsed.text!;
    expect(text).toContain('Hello Grace Hopper');
    expect(text).toContain('Browser: Firefox 128');
    expect(text).toContain('System: Windows');
    expect(text).toContain(
      'When: about 2026-04-01 at 09:30 UTC (2026-04-01 at 11:30 Europe/Paris)',
    );
    expect(linkIn(mail!, `${testOrigin}/api/auth/not-me?token=`)).toBeTruthy();
    // Known from now on.
    const again = await signIn(user, {
      cookie: deviceCookieFrom(stranger.headers['set-cookie']),
    });
    expect(again.statusCode).toBe(200);
    await deliver();
    expect(inbox.to(user.email, noticeSubject)).toHaveLength(1);
  });

  it('signs out everywhere from "this was not me", once, with a page that says so', async () => {
    const user = await regular('Alan Turing');
    const stranger = await signIn(user, { userAgent: firefoxOnWindows });
    const strangerSession = cookieFrom(stranger.headers['set-cookie']);
    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: noticeSubject });
    const link = new URL(linkIn(mail!, `${testOrigin}/api/auth/not-me?token=`));
    const url = `${link.pathname}${link.search}`;

    // Opening the link (a mail scanner would) only asks.
    const asked = await app.inject({ method: 'GET', url });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Sign out everywhere');
    // The product's page (the server's shared layout), with a way back to signing in.
    expect(asked.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(asked.body).toContain('<section class="card"');
    expect(asked.body).toContain(`<a href="${testOrigin}/login">Sign in to Tickerwise</a>`);
    const me = (cookie: string) =>
      app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me(strangerSession)).statusCode).toBe(200);

    const confirm = () =>
      app.inject({
        method: 'POST',
        url,
        headers: { origin: testOrigin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'confirm=yes',
      });
    const done = await confirm();
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are signed out everywhere');
    expect(done.body).toContain(`<a href="${testOrigin}/login">`);
    expect((await me(strangerSession)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(401);

    const twice = await confirm();
    expect(twice.statusCode).toBe(410);
    expect(twice.body).toContain('This link was used already');
    expect(twice.body).toContain(`<a href="${testOrigin}/login">`);

    // Every browser is forgotten: even the owner's usual one is new again, and told about.
    expect((await signIn(user, { cookie: user.browser })).statusCode).toBe(200);
    await deliver();
    await inbox.waitFor(user.email, 2, { subject: noticeSubject });
  });

  it('shows an expired or broken link as such', async () => {
    const user = await regular();
    await signIn(user, { userAgent: firefoxOnWindows });
    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: noticeSubject });
    const link = new URL(linkIn(mail!, `${testOrigin}/api/auth/not-me?token=`));
    clock.set(new Date(Date.now() + 8 * 24 * 3600_000));
    const late = await app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { origin: testOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=yes',
    });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('This link has expired');
    expect(late.body).toContain(`<a href="${testOrigin}/login">`);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(200);
    const broken = await app.inject({ method: 'GET', url: '/api/auth/not-me' });
    expect(broken.statusCode).toBe(400);
  });
});

describe('The browsers the account knows', () => {
  const devices = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/auth/devices', headers: { cookie } });
  const forget = (cookie: string, id: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/auth/devices/${encodeURIComponent(id)}`,
      headers: { cookie, origin: testOrigin },
    });

  it('lists none before the first sign-in', async () => {
    const user = await signUpUser(app);
    const listed = await devices(user.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json()).toEqual({ browsers: [] });
  });

  it('lists each browser with its first and last sign-in, this browser first', async () => {
    clock.set(new Date('2026-03-02T08:00:00Z'));
    const user = await regular();
    clock.set(new Date('2026-03-05T18:15:00Z'));
    const firefox = await signIn(user, { userAgent: firefoxOnWindows });
    expect(firefox.statusCode).toBe(200);
    const firefoxCookie = `${cookieFrom(firefox.headers['set-cookie'])}; ${deviceCookieFrom(firefox.headers['set-cookie'])}`;
    clock.set(new Date('2026-03-06T07:00:00Z'));
    expect((await signIn(user, { cookie: user.browser })).statusCode).toBe(200);

    const listed = await devices(firefoxCookie);
    expect(listed.statusCode).toBe(200);
    const { browsers } = listed.json();
    expect(browsers).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
        browser: 'Firefox 128',
        os: 'Windows',
        device: 'desktop',
        firstSeenAt: '2026-03-05T18:15:00.000Z',
        lastSeenAt: '2026-03-05T18:15:00.000Z',
        current: true,
      },
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
        browser: 'Mobile Safari 17',
        os: 'iOS 17.5',
        device: 'mobile',
        firstSeenAt: '2026-03-02T08:00:00.000Z',
        lastSeenAt: '2026-03-06T07:00:00.000Z',
        current: false,
      },
    ]);
    // Without its device cookie, a session cannot tell which browser it is.
    const bare = (await devices(user.cookie)).json().browsers;
    expect(bare.map((item: { current: boolean }) => item.current)).toEqual([false, false]);
  });

  it('forgets a browser: its next sign-in is new and sends a notice', async () => {
    const user = await regular();
    const [safari] = (await devices(user.cookie)).json().browsers;
    expect(safari.browser).toBe('Mobile Safari 17');

    const forgotten = await forget(user.cookie, safari.id);
    expect(forgotten.statusCode).toBe(204);
    expect((await devices(user.cookie)).json()).toEqual({ browsers: [] });
    const again = await forget(user.cookie, safari.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');

    expect((await signIn(user, { cookie: user.browser })).statusCode).toBe(200);
    await deliver();
    await inbox.waitFor(user.email, 1, { subject: noticeSubject });
    // Listed again, as the new browser it now is.
    const listed = (await devices(user.cookie)).json().browsers;
    expect(listed).toHaveLength(1);
    expect(listed[0].browser).toBe('Mobile Safari 17');
    expect(listed[0].id).not.toBe(safari.id);
  });

  it("refuses a malformed id, another user's browser, and a visitor", async () => {
    const owner = await regular();
    const other = await signUpUser(app);
    const [browser] = (await devices(owner.cookie)).json().browsers;

    const theirs = await forget(other.cookie, browser.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const malformed = await forget(owner.cookie, 'not a browser');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'validation_failed' });
    expect((await forget('', browser.id)).statusCode).toBe(401);
    expect((await devices('')).statusCode).toBe(401);
    // The owner still knows it.
    expect((await devices(owner.cookie)).json().browsers).toHaveLength(1);
  });
});

describe('A one-time code past the failure ceiling', () => {
  const codeSubject = /^\d{6} is your Tickerwise sign-in code$/;

  async function fillCeiling(email: string) {
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await signIn({ email, password: `guess ${attempt}` })).statusCode).toBe(401);
    }
    const paused = await signIn({ email, password: 'guess' });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.code).toBe('new_browser_paused');
  }

  function askForCode(email: string, address = freshAddress()) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email-code',
      headers: { origin: testOrigin, 'x-forwarded-for': address },
      payload: { email },
    });
  }

  async function codeFor(email: string, count = 1): Promise<string> {
    await deliver();
    const mails = await inbox.waitFor(email, count);
    const mail = mails.filter((item) => codeSubject.test(item.parsed.subject ?? '')).at(-1)!;
    return /^(\d{6})/.exec(mail.parsed.subject!)![1]!;
  }

  it('lets a new browser in with the password and the emailed code, once', async () => {
    const user = await regular();
    const before = inbox.to(user.email).length;
    await fillCeiling(user.email);
    const asked = await askForCode(user.email);
    expect(asked.statusCode).toBe(202);
    const code = await codeFor(user.email, before + 1);

    const wrong = await signIn(user, { emailCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');
    const badPassword = await signIn({ email: user.email, password: 'guess' }, { emailCode: code });
    expect(badPassword.statusCode).toBe(401);
    const signedIn = await signIn(user, { emailCode: code });
    expect(signedIn.statusCode).toBe(200);
    expect(cookieFrom(signedIn.headers['set-cookie'])).toContain('tickerwise.session_token=');
    const reused = await signIn(user, { emailCode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_code');
  });

  it('gives the same answer for an address with no account, and sends nothing', async () => {
    const nobody = 'nobody-here@example.com';
    const user = await regular();
    const forNobody = await askForCode(nobody);
    const forUser = await askForCode(user.email);
    expect(forNobody.statusCode).toBe(forUser.statusCode);
    expect(forNobody.json()).toEqual(forUser.json());
    await deliver();
    expect(inbox.to(nobody)).toHaveLength(0);
    const guessed = await signIn({ email: nobody, password: 'whatever' }, { emailCode: '123456' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json().error.code).toBe('invalid_code');
  });

  it('expires after 10 minutes and is spent after five wrong tries', async () => {
    const user = await regular();
    const before = inbox.to(user.email).length;
    await fillCeiling(user.email);
    await askForCode(user.email);
    const code = await codeFor(user.email, before + 1);
    clock.set(new Date(Date.now() + 11 * 60_000));
    expect((await signIn(user, { emailCode: code })).statusCode).toBe(400);
    clock.reset();

    await askForCode(user.email);
    const second = await codeFor(user.email, before + 2);
    const wrong = second === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(user, { emailCode: wrong })).statusCode).toBe(400);
    }
    expect((await signIn(user, { emailCode: second })).statusCode).toBe(400);
  });

  it('limits how often one address asks, and how many codes one inbox gets', async () => {
    const user = await regular();
    const address = freshAddress();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      answers.push((await askForCode(user.email, address)).statusCode);
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    await deliver();
    const codes = inbox
      .to(user.email)
      .filter((mail) => codeSubject.test(mail.parsed.subject ?? ''));
    expect(codes).toHaveLength(3);
  });

  it('is refused when it is not six digits', async () => {
    const user = await regular();
    const refused = await signIn(user, { emailCode: 'abc' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('validation_failed');
    const noAddress = await askForCode('not an address');
    expect(noAddress.statusCode).toBe(400);
  });
});
