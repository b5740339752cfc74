import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiDocsPath, paths, settingsPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** Buys a paid plan through the API, as a user who already went through checkout. */
async function buyThroughApi(page: Page, baseURL: string, plan: 'pro' | 'enterprise') {
  const response = await page.request.post('/api/billing/checkout', {
    headers: { origin: baseURL },
    data: {
      plan,
      idempotencyKey: crypto.randomUUID(),
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    },
  });
  expect(response.status()).toBe(200);
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test.describe('Settings', () => {
  test('opens from the account menu and saves a new name', async ({ signedInPage: page }) => {
    await page.goto(paths.dashboard);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    const profile = panel(page, 'Profile');
    await profile.getByLabel('Full Name').fill('A');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(profile.getByText('Name must be at least 2 characters')).toBeVisible();
    await profile.getByLabel('Full Name').fill('Mary Jackson');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(profile.getByRole('status')).toHaveText('Your name is saved.');
    await expect(page.getByRole('button', { name: 'Account menu for Mary Jackson' })).toBeVisible();
  });

  test('Security: lists devices, signs the others out, and changes the password', async ({
    page,
    signUp,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400 .*\/api\/auth\/change-password/, 'a wrong password');
    const account = await signUp();
    const phone = await browser.newContext({
      baseURL,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const signedIn = await phone.request.post('/api/auth/sign-in/email', {
      headers: { origin: baseURL as string },
      data: { email: account.email, password: account.password },
    });
    expect(signedIn.status()).toBe(200);

    await page.goto(settingsPath('security'));
    const sessions = panel(page, "Where you're signed in");
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByText('Mobile Safari 17 on iOS 17.5')).toBeVisible();
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(sessions.getByRole('status').first()).toHaveText('Signed out 1 other device.');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await phone.request.get('/api/me')).status()).toBe(401);
    await phone.close();

    const password = panel(page, 'Password');
    await expect(password).toContainText(
      'Changing it signs you out on every other device and revokes your API keys.',
    );
    await password.getByLabel('Current password').fill('not my password');
    await password.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await password.getByLabel('New password again').fill('a brand new secret');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('This password is not correct.').first()).toBeVisible();
    await password.getByLabel('Current password').fill(account.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toHaveText(
      'Your password is changed. Every other device was signed out and any API keys were revoked.',
    );
    // This device goes on, on its new session.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  test('Plan and billing: renewal, payments from our records, and cancelling Pro', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    await buyThroughApi(page, baseURL as string, 'pro');
    await page.goto(settingsPath('billing'));
    const plan = panel(page, 'Your plan');
    await expect(plan.getByText('Pro', { exact: true })).toBeVisible();
    await expect(plan.getByText(/^Renews on \w+ \d+, \d{4}\.$/)).toBeVisible();
    const payments = panel(page, 'Payment history');
    await expect(payments.getByRole('row').filter({ hasText: '$19.99' })).toContainText('Paid');
    await expect(payments).toContainText('Test mode');

    await plan.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your Pro plan?' });
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(plan.getByRole('status')).toContainText('Your plan changes to Free on');
    await expect(plan.getByText(/^Changes to Free on/)).toBeVisible();
    await plan.getByRole('button', { name: 'Keep Pro' }).click();
    await expect(plan.getByRole('status')).toHaveText('Your Pro plan keeps renewing.');
    await expect(plan.getByRole('link', { name: 'Change plan' })).toHaveAttribute(
      'href',
      paths.pricing,
    );
  });

  test('Your data: downloads everything as JSON, then deletes the account', async ({
    page,
    signUp,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400 .*\/api\/me\]$/, 'a wrong password');
    const account = await signUp({ name: 'Annie Easley' });
    await page.goto(settingsPath('data'));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickerwise-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path()) as string, 'utf8'));
    expect(data.parts.account.user.email).toBe(account.email);
    expect(data.parts.profile.name).toBe('Annie Easley');
    await expect(panel(page, 'Download your data').getByRole('status')).toContainText(
      file.suggestedFilename(),
    );

    const danger = panel(page, 'Delete your account');
    await expect(danger).toContainText('Payments you made stay in our accounting records');
    await danger.getByRole('button', { name: 'Delete account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox', { name: 'Password' }).fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('This password is not correct.').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText('Your account is deleted');
    consoleErrors.allow(/status of 401 .*\/api\/auth\/sign-in\/email/, 'the account is gone');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  });

  test('API: a Free user sees what the API offers and where to upgrade', async ({
    signedInPage: page,
  }) => {
    await page.goto(settingsPath('api'));
    const offer = panel(page, 'API access');
    await expect(offer.getByRole('link', { name: 'Upgrade to Enterprise' })).toHaveAttribute(
      'href',
      paths.pricing,
    );
    await expect(offer.getByText('GET /api/v1/quotes/{symbol}', { exact: true })).toBeVisible();
    // Every section of the API is listed, from its reference.
    for (const operation of [
      'POST /api/v1/stocks/{symbol}/analysis/written',
      'GET /api/v1/watchlists/{id}',
      'GET /api/v1/alerts',
      'GET /api/v1/portfolios/{portfolioId}/holdings',
    ]) {
      await expect(offer.getByText(operation, { exact: true })).toBeVisible();
    }
    await expect(offer.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      apiDocsPath,
    );
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
  });

  test('API: an Enterprise key is shown once, works, and stops when revoked', async ({
    page,
    signUp,
    baseURL,
  }) => {
    const account = await signUp();
    await buyThroughApi(page, baseURL as string, 'enterprise');
    await page.goto(settingsPath('api'));
    const keys = panel(page, 'API keys');
    await keys.getByLabel('Key name').fill('E2E bot');
    await keys.getByRole('button', { name: 'Create key' }).click();
    // A session alone makes no key: the password confirms it.
    await expect(keys.getByText('Please enter your password')).toBeVisible();
    await keys.getByLabel('Your password').fill(account.password);
    await keys.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    const secret = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret).toMatch(/^tw_[0-9A-Za-z]{43}$/);
    await expect(dialog).toContainText('This is the only time the key is shown.');
    const call = () =>
      page.request.get('/api/v1/quotes/AAPL', { headers: { authorization: `Bearer ${secret}` } });
    expect((await call()).status()).toBe(200);
    const portfolios = await page.request.get('/api/v1/portfolios', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(await portfolios.json()).toMatchObject({ portfolios: [] });
    await dialog.getByRole('button', { name: "I've copied it" }).click();
    await expect(dialog).toBeHidden();

    const row = keys.getByRole('listitem').filter({ hasText: 'E2E bot' });
    await expect(row).toContainText(`${secret.slice(0, 11)}…`);
    await page.reload();
    await expect(keys.getByRole('listitem').filter({ hasText: 'E2E bot' })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(11));

    await keys.getByRole('button', { name: 'Revoke E2E bot' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke “E2E bot”?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(keys.getByRole('status').first()).toHaveText(
      '“E2E bot” is revoked and no longer works.',
    );
    await expect(keys.getByText('No API keys yet.')).toBeVisible();
    expect((await call()).status()).toBe(401);
  });
});

test.describe('API reference', () => {
  test('loads from our own files and runs a request with a key', async ({
    page,
    signUp,
    baseURL,
  }) => {
    const account = await signUp();
    await buyThroughApi(page, baseURL as string, 'enterprise');
    const created = await page.request.post('/api/api-keys', {
      headers: { origin: baseURL as string },
      data: { name: 'Reference', password: account.password },
    });
    const { secret } = await created.json();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL as string)) outside.push(request.url());
    });

    await page.goto(apiDocsPath);
    await expect(page.getByRole('heading', { name: /Tickerwise API/ })).toBeVisible();
    await page.getByRole('button', { name: 'Authorize' }).first().click();
    await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(secret);
    await page.getByRole('button', { name: 'Apply credentials' }).click();
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    const quote = page.locator('#operations-Market_data-getQuote');
    await quote.locator('.opblock-summary').click();
    await expect(quote.getByText('Apple Inc.').first()).toBeVisible();
    await quote.getByRole('button', { name: 'Try it out' }).click();
    await quote.locator('input[placeholder="symbol"]').fill('MSFT');
    await quote.getByRole('button', { name: 'Execute' }).click();
    await expect(
      quote.locator('.live-responses-table td.response-col_status:not(.col_header)'),
    ).toHaveText('200');
    await expect(quote.locator('.live-responses-table')).toContainText('"symbol": "MSFT"');
    expect(outside).toEqual([]);
  });
});
