import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';
import { signUpUser, testOrigin } from '../../../test/test-app.ts';

const mailApp = useMailTestApp();
const { inbox, deliver, app } = mailApp;

const verifySubject = 'Confirm your email for Tickerwise';

const status = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/email/verification', headers: { cookie } });
const resend = (cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/email/verification',
    headers: { cookie, origin: testOrigin },
  });

describe('Confirming the email address', () => {
  it('sends a link at sign-up that confirms the address and lands on the dashboard', async () => {
    const user = await signUpUser(app, { name: 'Dorothy Vaughan' });
    expect((await status(user.cookie)).json()).toEqual({ email: user.email, verified: false });
    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, { subject: verifySubject });
    expect(mail!.parsed.text).toContain('Welcome to Tickerwise, Dorothy Vaughan.');
    const link = new URL(linkIn(mail!, `${testOrigin}/api/auth/verify-email?token=`));

    const opened = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard');
    expect((await status(user.cookie)).json()).toEqual({ email: user.email, verified: true });
    // Nothing more to resend.
    const after = await resend(user.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json().verified).toBe(true);
  });

  it('sends a forged or altered link back to the dashboard with the error', async () => {
    const user = await signUpUser(app);
    const opened = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=not.a.token&callbackURL=${encodeURIComponent('/dashboard')}`,
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard?error=INVALID_TOKEN');
    expect((await status(user.cookie)).json().verified).toBe(false);
  });

  it('resends the email at most once a minute', async () => {
    const user = await signUpUser(app);
    await deliver();
    await inbox.waitFor(user.email, 1, { subject: verifySubject });
    const first = await resend(user.cookie);
    expect(first.statusCode).toBe(200);
    const second = await resend(user.cookie);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('resend_cooldown');
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    await deliver();
    const mails = await inbox.waitFor(user.email, 2, { subject: verifySubject });
    expect(mails).toHaveLength(2);
    // The second link confirms too.
    const link = new URL(linkIn(mails[1]!, `${testOrigin}/api/auth/verify-email?token=`));
    await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect((await status(user.cookie)).json().verified).toBe(true);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/email/verification' })).statusCode).toBe(
      401,
    );
  });
});
