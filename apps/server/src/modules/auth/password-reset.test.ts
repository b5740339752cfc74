import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';
import { cookieFrom, signUpUser, testOrigin } from '../../../test/test-app.ts';
import { verification } from '../../db/schema/index.ts';

const mailApp = useMailTestApp();
const { inbox, deliver, app } = mailApp;
let clientCounter = 0;

/** Each test its own client address, so the per-address limit is its own. */
const client = () => `203.0.113.${++clientCounter}`;

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: testOrigin, 'x-forwarded-for': client(), ...headers },
    payload: payload as object,
  });
}

const resetSubject = 'Reset your Tickerwise password';

const forgot = (email: string, headers: Record<string, string> = {}) =>
  post('/api/auth/request-password-reset', { email }, headers);

/** Asks for a reset, sends the outbox, and returns the link's token. */
async function resetToken(email: string, count = 1): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  await deliver();
  const mails = await inbox.waitFor(email, count, { subject: resetSubject });
  const link = linkIn(mails[count - 1]!, `${testOrigin}/reset-password?token=`);
  return new URL(link).searchParams.get('token')!;
}

const signIn = (email: string, password: string) =>
  post('/api/auth/sign-in/email', { email, password });

describe('Forgot password', () => {
  it('emails a link to the reset page, and answers alike for an address with no account', async () => {
    const user = await signUpUser(app, { name: 'Grace Hopper' });
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: resetSubject });
    expect(mail!.parsed.text).toContain('Hello Grace Hopper');
    expect(mail!.parsed.text).toContain('30 minutes');
    expect(linkIn(mail!, `${testOrigin}/reset-password?token=`)).toBeTruthy();
    expect(inbox.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('sets the new password, signs out every session and revokes the API keys', async () => {
    const user = await signUpUser(app, { plan: 'alpha' });
    const { secret } = await app.apiKeys.create(user.id, {
      name: 'Trading bot',
      password: user.password,
    });
    const callApi = () =>
      app.inject({
        method: 'GET',
        url: '/api/v1/key',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await callApi()).statusCode).toBe(200);
    const me = () =>
      app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect((await me()).statusCode).toBe(200);

    const token = await resetToken(user.email);
    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    expect((await callApi()).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    const signedIn = await signIn(user.email, 'a brand new passphrase');
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const after = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(after.json().email).toBe(user.email);
  });

  it('takes a link once, and never after 30 minutes', async () => {
    const user = await signUpUser(app);
    const token = await resetToken(user.email);
    const first = await post('/api/auth/reset-password', { token, newPassword: 'first new one!' });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { token, newPassword: 'second new one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');

    const later = await resetToken(user.email, 2);
    const [row] = await app.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `reset-password:${later}`));
    // The link was made to last 30 minutes.
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 30 * 60_000)).toBeLessThan(5_000);
    await app.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${later}`));
    const expired = await post('/api/auth/reset-password', {
      token: later,
      newPassword: 'too late for this',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_token');
    expect((await signIn(user.email, 'first new one!')).statusCode).toBe(200);
  });

  it('refuses a malformed address and a short password before anything happens', async () => {
    const malformed = await forgot('not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_failed');
    const injected = await forgot('a@example.com\r\nBcc: b@example.com');
    expect(injected.statusCode).toBe(400);
    const short = await post('/api/auth/reset-password', { token: 'x', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
  });

  it('sends at most 3 links an hour to one address, and answers the same past it', async () => {
    const user = await signUpUser(app);
    const answers = [];
    for (let index = 0; index < 5; index++) answers.push((await forgot(user.email)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200]);
    await deliver();
    await inbox.waitFor(user.email, 3, { subject: resetSubject });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inbox.to(user.email, resetSubject)).toHaveLength(3);
  });

  it('limits requests from one client address', async () => {
    const address = client();
    const statuses = [];
    for (let index = 0; index < 21; index++) {
      statuses.push(
        (await forgot(`someone${index}@example.com`, { 'x-forwarded-for': address })).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
