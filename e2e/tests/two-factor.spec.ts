import type { Page } from '@playwright/test';
import { paths, settingsPath } from '@tickerwise/shared';
import { generate } from 'otplib';
import { expect, test } from '../support/fixtures.ts';

/**
 * A code for the secret Settings shows, from an implementation of RFC 6238 other than the
 * server's. `steps` moves it 30 s on: a code is taken once, and the server accepts one step
 * either side, so each use takes its own.
 */
function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function signOut(page: Page) {
  await page.goto(paths.dashboard);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function password(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In' })).toBeVisible();
}

test('turn on two-factor sign-in, then sign in with a code and with a recovery code once', async ({
  page,
  signUp,
  consoleErrors,
}) => {
  // Three sign-ins and a setup: more than one page's worth of waiting.
  test.slow();
  consoleErrors.allow(
    /status of 400 .*\/api\/auth\/two-factor\/verify-backup-code/,
    'a recovery code used twice is refused',
  );
  const account = await signUp({ name: 'Katherine Johnson' });
  await page.goto(settingsPath('security'));
  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await panel.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await panel.getByLabel('Your password').fill(account.password);
  await panel.getByRole('button', { name: 'Continue' }).click();

  await expect(
    panel.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await panel.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const codes = await panel
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(codes).toHaveLength(10);
  await panel.getByLabel('6-digit code').fill(await codeFor(secret));
  await panel.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(panel.getByText('Two-factor sign-in is on.')).toBeVisible();
  await expect(panel.getByText('10 of 10')).toBeVisible();

  // Signing in now asks for the code after the password.
  await signOut(page);
  await password(page, account);
  await page.getByLabel('6-digit code').fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: 'Welcome back, Katherine Johnson' }),
  ).toBeVisible();

  // A recovery code works instead, once.
  await signOut(page);
  await password(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(settingsPath('security'));
  await expect(panel.getByText('9 of 10')).toBeVisible();

  await signOut(page);
  await password(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That recovery code is not right, or was used.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
