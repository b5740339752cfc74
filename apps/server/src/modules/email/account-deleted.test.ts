import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { signUpUser, testOrigin } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { emailOutbox } from '../../db/schema/index.ts';

const clock = testClock();
const mailApp = useMailTestApp({ clock });
const { inbox, deliver, app } = mailApp;

describe('Deleting an account', () => {
  it('confirms it by email to the address the account had', async () => {
    const user = await signUpUser(app, { name: 'Annie Easley' });
    clock.set(new Date('2026-04-01T09:30:00Z'));
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: user.cookie, origin: testOrigin },
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(204);
    await deliver();
    const [mail] = await inbox.waitFor(user.email, 1, {
      subject: 'Your Tickerwise account is deleted',
    });
    expect(mail!.parsed.text).toContain('Hello Annie Easley');
    expect(mail!.parsed.text).toContain('deleted on 2026-04-01 at 09:30 UTC');
    expect(mail!.parsed.text).toContain(`${testOrigin}/support`);
    // The outbox row names no account any more.
    const rows = await app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'account-deleted'));
    expect(rows.map((row) => row.userId)).toEqual([null]);
  });

  it('sends nothing when the password is wrong', async () => {
    const user = await signUpUser(app);
    const refused = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: user.cookie, origin: testOrigin },
      payload: { password: 'not my password' },
    });
    expect(refused.statusCode).toBe(400);
    await deliver();
    expect(inbox.to(user.email, 'Your Tickerwise account is deleted')).toHaveLength(0);
  });
});
