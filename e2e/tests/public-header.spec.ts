import type { Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { expect, test } from '../support/fixtures.ts';

const header = (page: Page) => page.getByRole('banner');

/** The sum of the page's layout shifts so far (Lighthouse's CLS without its windows). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as Array<PerformanceEntry & { value: number }>;
          resolve(entries.reduce((sum, entry) => sum + entry.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
}

test.describe('the public header for a signed-in visitor', () => {
  test('offers Dashboard and the account’s name instead of Login on /pricing', async ({
    page,
    signUp,
  }) => {
    await signUp({ name: 'Grace Hopper' });
    await gotoReady(page, paths.pricing);
    await expect(page.getByRole('heading', { name: 'Change Your Plan' })).toBeVisible();
    await expect(header(page).getByText('Grace Hopper')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await header(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await gotoReady(page, paths.home);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('shows Dashboard on the prerendered landing page before the app loads, and nothing moves', async ({
    page,
    signUp,
  }) => {
    await signUp({ name: 'Grace Hopper' });
    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace Hopper' })).toBeVisible();

    // Hold the app's code back: what shows now is the prerendered page and the stylesheet.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(paths.home);
    const dashboard = header(page).getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeHidden();
    const before = await dashboard.boundingBox();

    release();
    await gotoReady(page, paths.home);
    await expect(header(page).getByText('Grace Hopper')).toBeVisible();
    expect(await dashboard.boundingBox()).toEqual(before);
    expect(await layoutShift(page)).toBeLessThan(0.02);
  });

  test('a visitor who looks signed out loads no session code on the landing page', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await gotoReady(page, paths.home);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(requested.filter((path) => /auth-sync|api-client|query/.test(path))).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the header offers Dashboard and its menu names the account', async ({ page, signUp }) => {
      await signUp({ name: 'Grace Hopper' });
      await gotoReady(page, paths.pricing);
      await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).tap();
      const sheet = page.getByRole('dialog', { name: 'Site menu' });
      await expect(sheet.getByText('Grace Hopper')).toBeVisible();
      await page.keyboard.press('Escape');
      await header(page).getByRole('link', { name: 'Dashboard' }).tap();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
});
