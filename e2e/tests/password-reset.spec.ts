import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/**
 * The reset link in the newest email to `address`: the e2e server has no SMTP_URL, so its mail
 * is written as .eml files to DATA_DIR/outbox (the server sends within seconds).
 */
async function resetLinkFor(address: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR as string, 'outbox');
  for (let wait = 0; wait < 40; wait++) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      // The text part is quoted-printable: undo its soft line breaks and escapes.
      const message = (await readFile(join(folder, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!message.includes(`To: ${address}`)) continue;
      const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(message);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No reset email came for ${address}`);
}

test('forgot password to signed in with the new password', async ({
  page,
  signUp,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400 .*\/api\/auth\/reset-password/, 'a used link is refused');
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
