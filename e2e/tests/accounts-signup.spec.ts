import type { Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { expect, invitationCode, newAccount, test } from '../support/fixtures.ts';

/** Opens /signup the way the pricing page does: the chosen plan in session storage. */
async function openSignup(page: Page, plan: string) {
  await page.goto(paths.home);
  await page.evaluate((chosen) => sessionStorage.setItem('selected_plan', chosen), plan);
  await page.goto(paths.signup);
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
}

async function fillSignup(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
}

test.describe('sign-up', () => {
  test('a Free sign-up lands on the dashboard on the Free plan', async ({ page }) => {
    const account = newAccount('Grace Hopper');
    await openSignup(page, 'free');
    await fillSignup(page, account);
    await page.getByRole('button', { name: 'Create Account - Free Plan' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace Hopper' })).toBeVisible();
    await expect(page.getByText('Free Plan').first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('selected_plan'))).toBeNull();
  });

  test('an Alpha sign-up needs an invitation code and gets the Alpha Tester badge', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /status of 400 \(Bad Request\) \[[^\]]*\/api\/auth\/sign-up\/email\]$/,
      'a wrong invitation code is refused on purpose',
    );
    await openSignup(page, 'alpha');
    await fillSignup(page, newAccount('Alan Turing'));
    await page.getByRole('button', { name: 'Create Account - Alpha Tester Plan' }).click();
    await expect(page.getByText('Please enter your invitation code')).toBeVisible();
    await page.getByLabel('Invitation Code').fill('AAAA-BBBB-CCCC-DDDD');
    await page.getByRole('button', { name: 'Create Account - Alpha Tester Plan' }).click();
    await expect(
      page.getByText('This invitation code is not valid. Check it and try again.').first(),
    ).toBeVisible();
    await page.getByLabel('Invitation Code').fill(await invitationCode());
    await page.getByRole('button', { name: 'Create Account - Alpha Tester Plan' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByText('Alpha Plan', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Alpha Tester', { exact: true })).toBeVisible();
  });

  for (const [plan, name] of [
    ['pro', 'Pro'],
    ['enterprise', 'Enterprise'],
  ] as const) {
    test(`a ${name} sign-up creates a Free account and goes on to checkout`, async ({ page }) => {
      await openSignup(page, plan);
      await fillSignup(page, newAccount());
      await page.getByRole('button', { name: `Create Account - ${name} Plan` }).click();

      await expect(page).toHaveURL(/\/payment$/);
      const me = await (await page.request.get('/api/me')).json();
      expect(me.subscription_tier).toBe('free');
    });
  }

  test('names every missing or invalid field', async ({ page }) => {
    await openSignup(page, 'free');
    await page.getByRole('button', { name: 'Create Account - Free Plan' }).click();
    await expect(page.getByText('Please enter your full name')).toBeVisible();
    await expect(page.getByText('Please enter your email')).toBeVisible();
    await expect(page.getByText('Please enter a password')).toBeVisible();

    await fillSignup(page, { name: 'A', email: 'not-an-email', password: 'short' });
    await page.getByRole('button', { name: 'Create Account - Free Plan' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('says so when the email already has an account', async ({ page, signUp, consoleErrors }) => {
    consoleErrors.allow(/status of 422 .*\/api\/auth\/sign-up\/email/, 'the email is taken');
    const existing = await signUp();
    await page.context().clearCookies();
    await openSignup(page, 'free');
    await fillSignup(page, { ...newAccount(), email: existing.email });
    await page.getByRole('button', { name: 'Create Account - Free Plan' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'An account with this email already exists. Sign in instead.',
    );
  });

  test('shows and hides the password', async ({ page }) => {
    await openSignup(page, 'free');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('links to sign-in and back to pricing', async ({ page }) => {
    await openSignup(page, 'free');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await openSignup(page, 'free');
    await page.getByRole('link', { name: 'Back to pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
