import { beforeEach, describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';
import { signInUser, signUpUser, testOrigin } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';

const clock = testClock();
const mailApp = useMailTestApp({ clock });
const { inbox, deliver, app } = mailApp;
beforeEach(() => clock.reset());

const confirmSubject = 'Confirm your new email for Tickerwise';
const noticeSubject = 'Your Tickerwise email was changed';
const takenSubject = 'Your Tickerwise email was not changed';

let counter = 0;
const freshAddress = () => `moved${++counter}-${Date.now().toString(36)}@example.com`;

const ask = (cookie: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/me/email-change',
    headers: { cookie, origin: testOrigin },
    payload,
  });
const status = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/me/email-change', headers: { cookie } });
const follow = (action: 'confirm' | 'undo', token: string) =>
  app.inject({
    method: 'POST',
    url: `/api/email-change/${action}`,
    headers: { origin: testOrigin },
    payload: { token },
  });
const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
/** The status of a sign-in with this address and password. */
async function signInStatus(email: string, password: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin, 'x-forwarded-for': `198.51.100.${++counter % 250}` },
    payload: { email, password },
  });
  return response.statusCode;
}
const later = (ms: number) => clock.set(new Date(Date.now() + ms));

/** The token of the newest message's link to the web page of `action`. */
async function tokenFrom(address: string, subject: string, action: 'confirm' | 'undo') {
  await deliver();
  const mails = await inbox.waitFor(address, 1, { subject });
  const link = linkIn(mails.at(-1)!, `${testOrigin}/email-change/${action}?token=`);
  return new URL(link).searchParams.get('token')!;
}

describe('Changing the email address', () => {
  it('confirms from the new address, tells the old one, and signs in with the new one', async () => {
    const user = await signUpUser(app, { name: 'Mae Jemison' });
    const newEmail = freshAddress();
    const asked = await ask(user.cookie, { newEmail, password: user.password });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().pending.email).toBe(newEmail);
    // Nothing changes until the link is followed.
    expect((await status(user.cookie)).json()).toMatchObject({
      email: user.email,
      pending: { email: newEmail },
    });

    const token = await tokenFrom(newEmail, confirmSubject, 'confirm');
    const [mail] = inbox.to(newEmail, confirmSubject);
    expect(mail!.parsed.text).toContain('Hello Mae Jemison');
    expect(mail!.parsed.text).toContain('24 hours');
    const confirmed = await follow('confirm', token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await status(user.cookie)).json()).toEqual({ email: newEmail, pending: null });

    // The old address hears of it, with the way back.
    await deliver();
    const [notice] = await inbox.waitFor(user.email, 1, { subject: noticeSubject });
    expect(notice!.parsed.text).toContain(`now signs in with ${newEmail} instead of ${user.email}`);
    expect(notice!.parsed.text).toContain('7 days');

    // The new address signs in; the old one no longer does. The new one counts as confirmed.
    expect(await signInStatus(newEmail, user.password)).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    const verification = await app.inject({
      method: 'GET',
      url: '/api/email/verification',
      headers: { cookie: user.cookie },
    });
    expect(verification.json()).toEqual({ email: newEmail, verified: true });

    // The link worked once.
    const again = await follow('confirm', token);
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('link_used');
  });

  it('undoes the change from the old address within 7 days, signing out every session', async () => {
    const user = await signUpUser(app, { name: 'Ellen Ochoa' });
    const second = await signInUser(app, user);
    const newEmail = freshAddress();
    await ask(user.cookie, { newEmail, password: user.password });
    expect(
      (await follow('confirm', await tokenFrom(newEmail, confirmSubject, 'confirm'))).statusCode,
    ).toBe(200);
    const undoToken = await tokenFrom(user.email, noticeSubject, 'undo');

    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const undone = await follow('undo', undoToken);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ email: user.email });
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect(await signInStatus(user.email, user.password)).toBe(200);
    expect(await signInStatus(newEmail, user.password)).toBe(401);
    const used = await follow('undo', undoToken);
    expect(used.statusCode).toBe(410);
    expect(used.json().error.code).toBe('link_used');
  });

  it('refuses an undo link after 7 days, and a confirmation link after 24 hours', async () => {
    const user = await signUpUser(app);
    const first = freshAddress();
    await ask(user.cookie, { newEmail: first, password: user.password });
    const token = await tokenFrom(first, confirmSubject, 'confirm');
    later(25 * 3600_000);
    const late = await follow('confirm', token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error.code).toBe('link_expired');
    expect((await status(user.cookie)).json()).toEqual({ email: user.email, pending: null });

    const second = freshAddress();
    await ask(user.cookie, { newEmail: second, password: user.password });
    expect(
      (await follow('confirm', await tokenFrom(second, confirmSubject, 'confirm'))).statusCode,
    ).toBe(200);
    const undoToken = await tokenFrom(user.email, noticeSubject, 'undo');
    later(25 * 3600_000 + 7 * 24 * 3600_000 + 1000);
    const tooLate = await follow('undo', undoToken);
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.json().error.code).toBe('link_expired');
  });

  it('voids the undo link of a later change once the first one is undone', async () => {
    const user = await signUpUser(app);
    const taken = freshAddress();
    await ask(user.cookie, { newEmail: taken, password: user.password });
    await follow('confirm', await tokenFrom(taken, confirmSubject, 'confirm'));
    const ownersUndo = await tokenFrom(user.email, noticeSubject, 'undo');
    const further = freshAddress();
    await ask(user.cookie, { newEmail: further, password: user.password });
    await follow('confirm', await tokenFrom(further, confirmSubject, 'confirm'));
    const takersUndo = await tokenFrom(taken, noticeSubject, 'undo');

    expect((await follow('undo', ownersUndo)).json()).toEqual({ email: user.email });
    const refused = await follow('undo', takersUndo);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.code).toBe('link_expired');
    expect(await signInStatus(user.email, user.password)).toBe(200);
  });

  it('answers alike for an address another account uses, and tells only that inbox', async () => {
    const user = await signUpUser(app);
    const other = await signUpUser(app);
    const free = freshAddress();
    const toTaken = await ask(user.cookie, { newEmail: other.email, password: user.password });
    const statusTaken = (await status(user.cookie)).json();
    const toFree = await ask(user.cookie, { newEmail: free, password: user.password });
    const statusFree = (await status(user.cookie)).json();
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(Object.keys(toTaken.json())).toEqual(Object.keys(toFree.json()));
    expect(statusTaken.pending.email).toBe(other.email);
    expect(statusFree.pending.email).toBe(free);

    await deliver();
    const [refusal] = await inbox.waitFor(other.email, 1, { subject: takenSubject });
    expect(refusal!.parsed.text).toContain('Another Tickerwise account');
    expect(inbox.to(other.email, confirmSubject)).toHaveLength(0);
    // The asker hears nothing more than "check the new inbox".
    for (const subject of [confirmSubject, noticeSubject, takenSubject]) {
      expect(inbox.to(user.email, subject)).toHaveLength(0);
    }
  });

  it('refuses a confirmation once another account took the address meanwhile', async () => {
    const user = await signUpUser(app);
    const wanted = freshAddress();
    await ask(user.cookie, { newEmail: wanted, password: user.password });
    const token = await tokenFrom(wanted, confirmSubject, 'confirm');
    await signUpUser(app, { email: wanted });
    const refused = await follow('confirm', token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('email_taken');
    expect((await status(user.cookie)).json().email).toBe(user.email);
  });

  it('replaces a waiting request with a newer one, whose link alone works', async () => {
    const user = await signUpUser(app);
    const first = freshAddress();
    const second = freshAddress();
    await ask(user.cookie, { newEmail: first, password: user.password });
    const firstToken = await tokenFrom(first, confirmSubject, 'confirm');
    await ask(user.cookie, { newEmail: second, password: user.password });
    const replaced = await follow('confirm', firstToken);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json().error.code).toBe('link_invalid');
    const cancelled = await app.inject({
      method: 'DELETE',
      url: '/api/me/email-change',
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await status(user.cookie)).json().pending).toBeNull();
    const secondToken = await tokenFrom(second, confirmSubject, 'confirm');
    expect((await follow('confirm', secondToken)).statusCode).toBe(410);
  });

  it('needs the current password, and refuses bad input with a 4xx', async () => {
    const user = await signUpUser(app);
    const newEmail = freshAddress();
    const wrong = await ask(user.cookie, { newEmail, password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_password');
    for (const payload of [
      { newEmail: 'not an address', password: user.password },
      { newEmail: `a${'b'.repeat(260)}@example.com`, password: user.password },
      { newEmail: 'x@example.com\r\nBcc: y@example.com', password: user.password },
      { newEmail, password: user.password, extra: true },
      { newEmail },
    ]) {
      const refused = await ask(user.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    const same = await ask(user.cookie, {
      newEmail: user.email.toUpperCase(),
      password: user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe('same_email');
    for (const token of ['', 'x'.repeat(300)]) {
      expect((await follow('confirm', token)).statusCode).toBe(400);
      expect((await follow('undo', token)).statusCode).toBe(400);
    }
    expect((await follow('confirm', 'never-issued')).statusCode).toBe(410);
    expect((await follow('undo', 'never-issued')).statusCode).toBe(410);
    await deliver();
    expect(inbox.to(newEmail)).toHaveLength(0);
  });
});
