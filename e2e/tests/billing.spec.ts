import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { expect, invitationCode, newAccount, test } from '../support/fixtures.ts';

const planCard = (page: Page, name: string) => page.getByRole('article', { name: `${name} plan` });

async function tierOf(page: Page): Promise<string> {
  return (await (await page.request.get('/api/me')).json()).subscription_tier;
}

/** Pays with the offline provider's card form (docs/PRODUCT.md §3.7). */
async function payWith(page: Page, number: string) {
  await expect(page.getByRole('heading', { name: 'Complete Your Purchase' })).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** Buys a paid plan through the API, as a user who already went through checkout. */
async function buyThroughApi(page: Page, baseURL: string, plan: 'pro' | 'enterprise') {
  const response = await page.request.post('/api/billing/checkout', {
    headers: { origin: baseURL },
    data: {
      plan,
      idempotencyKey: randomUUID(),
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    },
  });
  expect(response.status()).toBe(200);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
}

test.describe('plans and billing', () => {
  test('a free user upgrades to Pro with 4242 and sees Pro Plan', async ({ page, signUp }) => {
    await signUp();
    await gotoReady(page, paths.pricing);
    await expect(page.getByRole('heading', { name: 'Change Your Plan' })).toBeVisible();
    await expect(
      planCard(page, 'Free').getByRole('button', { name: 'Current Plan' }),
    ).toBeDisabled();
    await planCard(page, 'Pro').getByRole('button', { name: 'Switch Plan' }).click();

    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByText("You're subscribing to the Pro plan")).toBeVisible();
    await expect(page.getByText('Test mode: no real card is charged')).toBeVisible();
    await payWith(page, '4242 4242 4242 4242');

    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await expect(page.getByText('Pro Plan', { exact: true }).last()).toBeVisible();
    expect(await tierOf(page)).toBe('pro');
    expect(await page.evaluate(() => sessionStorage.getItem('subscription_active'))).toBe('true');
    expect(await page.evaluate(() => sessionStorage.getItem('subscription_plan'))).toBe('pro');
  });

  test('a declined card shows the message and leaves the tier', async ({
    page,
    signUp,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 402 .*\/api\/billing\/checkout/, 'the card is declined');
    await signUp();
    await gotoReady(page, paths.pricing);
    await planCard(page, 'Pro').getByRole('button', { name: 'Switch Plan' }).click();
    await payWith(page, '4000 0000 0000 0002');

    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('button', { name: 'Pay $19.99' })).toBeEnabled();
    expect(await tierOf(page)).toBe('free');
  });

  test('malformed card details are named inline', async ({ page, signUp }) => {
    await signUp();
    await gotoReady(page, paths.pricing);
    await planCard(page, 'Enterprise').getByRole('button', { name: 'Switch Plan' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('01/20');
    await page.getByRole('button', { name: 'Pay $49.99' }).click();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await expect(page.getByText("Your card's expiration year is in the past.")).toBeVisible();
    await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
    expect(await tierOf(page)).toBe('free');
  });

  test('Pro moves to Enterprise through the plan change page', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    await buyThroughApi(page, baseURL as string, 'pro');
    await gotoReady(page, paths.pricing);
    await planCard(page, 'Enterprise').getByRole('button', { name: 'Switch Plan' }).click();

    await expect(page).toHaveURL(/\/plan-change$/);
    await expect(page.getByText("You're changing from PRO to Enterprise")).toBeVisible();
    await expect(page.getByText('$49.99')).toBeVisible();
    await expect(page.getByText(/You pay the prorated difference/)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Change' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await expect(page.getByText('Enterprise Plan', { exact: true }).last()).toBeVisible();
    expect(await tierOf(page)).toBe('enterprise');
  });

  test('Enterprise to Free is scheduled for the end of the period, with the date shown', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    await buyThroughApi(page, baseURL as string, 'enterprise');
    const { subscription } = await (await page.request.get('/api/billing/subscription')).json();
    const date = new Date(subscription.currentPeriodEnd).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });

    await gotoReady(page, paths.pricing);
    await planCard(page, 'Free').getByRole('button', { name: 'Switch Plan' }).click();
    await expect(page.getByText("You're changing from ENTERPRISE to Free")).toBeVisible();
    await expect(
      page.getByText(`You keep Enterprise until ${date}.`, { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Change' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await expect(page.getByText('Enterprise Plan', { exact: true }).last()).toBeVisible();
    await expect(page.getByText(`Changes to Free on ${date}`)).toBeVisible();
    expect(await tierOf(page)).toBe('enterprise');

    // Switching back undoes it.
    await gotoReady(page, paths.pricing);
    await planCard(page, 'Enterprise').getByRole('button', { name: 'Keep This Plan' }).click();
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await expect(page.getByText(/Changes to Free/)).toHaveCount(0);
  });

  test('a free user moves to Alpha with an invitation code and gets the badge', async ({
    page,
    signUp,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /status of 400 \(Bad Request\) \[[^\]]*\/api\/billing\/plan-change\]$/,
      'a wrong invitation code is refused on purpose',
    );
    await signUp();
    await gotoReady(page, paths.pricing);
    const alpha = planCard(page, 'Alpha Tester');
    await expect(alpha.getByText('By invitation: have your invitation code ready.')).toBeVisible();
    await alpha.getByRole('button', { name: 'Switch Plan' }).click();
    await expect(page.getByText("You're changing from FREE to Alpha Tester")).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page.getByText('Please enter your invitation code')).toBeVisible();
    await page.getByLabel('Invitation Code').fill('AAAA-BBBB-CCCC-DDDD');
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(
      page.getByText('This invitation code is not valid. Check it and try again.').first(),
    ).toBeVisible();
    await page.getByLabel('Invitation Code').fill(await invitationCode());
    await page.getByRole('button', { name: 'Confirm Change' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await expect(page.getByText('Alpha Plan', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Alpha Tester', { exact: true })).toBeVisible();
  });

  test('signing up with Pro chosen ends on Pro after paying', async ({ page }) => {
    const account = newAccount('Ada Lovelace');
    await gotoReady(page, paths.pricing);
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await planCard(page, 'Pro').getByRole('link', { name: 'Get Started' }).click();

    await expect(page).toHaveURL(/\/signup\?plan=pro$/);
    expect(await page.evaluate(() => sessionStorage.getItem('selected_plan'))).toBe('pro');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create Account - Pro Plan' }).click();

    await expect(page).toHaveURL(/\/payment$/);
    await payWith(page, '4242424242424242');
    await expect(page).toHaveURL(/\/dashboard$/);
    await openAccountMenu(page);
    await expect(page.getByText('Pro Plan', { exact: true }).last()).toBeVisible();
  });

  test('tampering with session storage or the API changes nothing', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    await page.goto(paths.dashboard);
    await page.evaluate(() => {
      sessionStorage.setItem('subscription_active', 'true');
      sessionStorage.setItem('subscription_plan', 'enterprise');
      sessionStorage.setItem('selected_plan', 'enterprise');
    });
    await page.reload();
    await openAccountMenu(page);
    await expect(page.getByText('Free Plan', { exact: true }).last()).toBeVisible();

    const forged = await page.request.post('/api/billing/plan-change', {
      headers: { origin: baseURL as string },
      data: { plan: 'enterprise' },
    });
    expect(forged.status()).toBe(402);
    expect(await tierOf(page)).toBe('free');
  });

  test('checkout and plan change without a plan go to pricing', async ({ page }) => {
    await page.goto(paths.payment);
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goto(paths.planChange);
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
