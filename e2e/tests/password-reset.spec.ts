import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { linkInMail } from '../support/outbox-mail.ts';

const resetLinkFor = (address: string) =>
  linkInMail(address, /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/);

test('forgot password to signed in with the new password', async ({
  page,
  signUp,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400 .*\/api\/auth\/reset-password/, 'a used link is refused');
  consoleErrors.allow(
    /status of 401 .*\/api\/(notifications|community\/conversations\/unread)/,
    'the dashboard left by the sign-up may ask once more (its bell or its messages badge) after its cookies are cleared',
  );
  const account = await signUp({ name: 'Mary Jackson' });
  await page.context().clearCookies();
  await page.goto(paths.login);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  const link = new URL(await resetLinkFor(account.email));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('a fresh passphrase');
  await page.getByLabel('New password again').fill('a fresh passphrase');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your new password is set')).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('a fresh passphrase');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Mary Jackson' })).toBeVisible();

  // The link worked once.
  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('another passphrase');
  await page.getByLabel('New password again').fill('another passphrase');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('This link cannot be used')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a New Link' })).toBeVisible();
});
