import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('sessions', () => {
  test('a reload keeps the user signed in', async ({ signedInPage: page }) => {
    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  });

  test('Sign Out revokes the session and goes to /login', async ({ signedInPage: page }) => {
    await page.goto(paths.dashboard);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('tickerwise.auth.profile'))).toBeNull();
    await page.goto(paths.dashboard);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing out in one tab signs out the others', async ({ signedInPage: page, context }) => {
    await page.goto(paths.dashboard);
    const otherTab = await context.newPage();
    await otherTab.goto(paths.stocks);
    await expect(otherTab.getByRole('heading', { name: 'Stocks' })).toBeVisible();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(otherTab).toHaveURL(/\/login$/);
    await expect(otherTab.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('a session ended on the server sends the user to /login without an error', async ({
    signedInPage: page,
    baseURL,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /status of 401 .*\/api\//,
      'every card of the dashboard asks for its data with the ended session once before leaving',
    );
    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    // Revoke the session behind the page's back (as an expiry or a sign-out elsewhere would).
    await page.request.post('/api/auth/sign-out', { headers: { origin: baseURL as string } });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
