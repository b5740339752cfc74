import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('dashboard home', () => {
  test('welcomes the user and shows their plan on the AI Credits card', async ({
    page,
    signUp,
  }) => {
    await signUp({ name: 'Mary Jackson', plan: 'alpha' });
    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { name: 'Welcome back, Mary Jackson' })).toBeVisible();
    for (const label of ['Portfolio Value', 'AI Credits', 'Community Posts', 'Courses Completed']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('0/200')).toBeVisible();
    await expect(page.getByText(/Resets at 00:00 UTC/)).toBeVisible();
    await expect(page.getByRole('main').getByText('Alpha Plan')).toBeVisible();
    // A new account has no portfolio yet: each panel says how to start.
    await expect(page.getByText('Add your first transaction')).toBeVisible();
    await expect(page.getByText('No portfolio yet')).toBeVisible();
    await expect(page.getByText('Nothing yet')).toBeVisible();
  });
});

test.describe('account menu', () => {
  test('shows who is signed in, their plan and where to manage it', async ({ page, signUp }) => {
    const account = await signUp({ name: 'Dorothy Vaughan' });
    await page.goto(paths.dashboard);
    await page.getByRole('button', { name: 'Account menu for Dorothy Vaughan' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(account.email)).toBeVisible();
    await expect(menu.getByText('Free Plan', { exact: true }).last()).toBeVisible();
    await expect(menu.getByText('Alpha Tester')).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      paths.settings,
    );
    await menu.getByRole('menuitem', { name: 'Manage Plan' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('closes on an outside click and on Escape', async ({ signedInPage: page }) => {
    await page.goto(paths.dashboard);
    const trigger = page.getByRole('button', { name: /Account menu/ });
    const settings = page.getByRole('menuitem', { name: 'Settings' });

    await trigger.click();
    await expect(settings).toBeVisible();
    await page.getByRole('heading', { name: /^Welcome back/ }).click();
    await expect(settings).toBeHidden();

    await trigger.click();
    await expect(settings).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('sidebar', () => {
  test('opens one group at a time and closes the open group on a second click', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.dashboard);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const investments = nav.getByRole('button', { name: 'Investments' });
    const social = nav.getByRole('button', { name: 'Social' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Stocks' })).toHaveCount(0);

    await investments.click();
    for (const name of ['Portfolio', 'Stocks', 'Crypto', 'ETFs']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await social.click();
    await expect(investments).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Stocks' })).toHaveCount(0);
    for (const name of ['Feed', 'Updates', 'Messages']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await social.click();
    await expect(social).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Feed' })).toHaveCount(0);
  });

  test('opens the group of the current page and highlights its link', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.socialPosts);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('button', { name: 'Social' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(nav.getByRole('link', { name: 'Updates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Learn' }).click();
    await expect(page).toHaveURL(/\/dashboard\/learn$/);
    await expect(page.getByRole('heading', { name: 'Learn', level: 1 })).toBeVisible();
  });

  test('is a drawer behind a menu button on a phone', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(paths.dashboard);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('button', { name: 'Investments' }).click();
    await nav.getByRole('link', { name: 'Crypto' }).click();
    await expect(page).toHaveURL(/\/dashboard\/investments\/crypto$/);
    await expect(nav).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });
});
