import { randomBytes } from 'node:crypto';
import { paths, settingsPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { linkInMail } from '../support/outbox-mail.ts';

const linkTo = (page: 'confirm' | 'undo') =>
  new RegExp(`https?://[^\\s"<>]+/email-change/${page}\\?token=[A-Za-z0-9_-]+`);

test('the email changes once confirmed from the new address, and the old one can undo it', async ({
  page,
  signUp,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 410 .*\/api\/email-change\/confirm/, 'a used link is refused');
  const account = await signUp({ name: 'Grace Hopper' });
  const newEmail = `moved-${randomBytes(5).toString('hex')}@example.com`;
  await page.goto(settingsPath('profile'));
  const panel = page.getByRole('region', { name: 'Email' });
  await expect(panel).toContainText(account.email);
  await panel.getByRole('button', { name: 'Change email' }).click();
  await panel.getByLabel('New email').fill(newEmail);
  await panel.getByLabel('Current password').fill(account.password);
  await panel.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(panel.getByText('Waiting for your confirmation')).toBeVisible();
  await expect(panel).toContainText(newEmail);

  const confirm = new URL(
    await linkInMail(newEmail, linkTo('confirm'), {
      subject: 'Confirm your new email for Tickerwise',
    }),
  );
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await expect(page.getByText('Your email is changed')).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail} from now on.`)).toBeVisible();
  // The link worked once.
  await page.reload();
  await expect(page.getByText('This link cannot be used')).toBeVisible();
  await expect(page.getByText('This link was used already')).toBeVisible();

  const undo = new URL(
    await linkInMail(account.email, linkTo('undo'), {
      subject: 'Your Tickerwise email was changed',
    }),
  );
  await page.goto(`${undo.pathname}${undo.search}`);
  await page.getByRole('button', { name: 'Undo the Change' }).click();
  await expect(page.getByText('Your previous address is back')).toBeVisible();
  // Signed out everywhere, this browser too: the dashboard's first requests are refused, and
  // it goes to sign in.
  consoleErrors.allow(/status of 401 \(Unauthorized\)/, 'the undo ended every session');
  await page.goto(paths.dashboard);
  await expect(page).toHaveURL(/\/login/);
});
