import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { linkInMail } from '../support/outbox-mail.ts';

test('the address is confirmed from the link in the sign-up email, and the banner goes', async ({
  page,
  signUp,
}) => {
  const account = await signUp({ name: 'Katherine Johnson' });
  await page.goto(paths.dashboard);
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(`We sent a link to ${account.email}.`);

  const link = new URL(
    await linkInMail(
      account.email,
      /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/,
      {
        subject: 'Confirm your email for Tickerwise',
      },
    ),
  );
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Katherine Johnson' }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
  // Still gone on the next visit: it is the server's answer, not a dismissal.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Katherine Johnson' }),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);
});
