import type { Locator, Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/**
 * ADR 31: a hard load of a dashboard address paints the signed-in frame from the HTML and the
 * stylesheet, before any script runs, and the app takes over without moving it.
 */

/** Where an element is on the page, rounded to the pixel. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}

/** The frame's parts and the home's first blocks, as the shell and the app both draw them. */
function frameParts(page: Page) {
  const main = page.getByRole('main');
  return {
    header: page.getByRole('banner'),
    search: page.getByRole('banner').getByRole('combobox'),
    dashboardLink: page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }),
    settingsLink: page.getByRole('navigation').getByRole('link', { name: 'Settings' }),
    heading: main.getByRole('heading', { level: 1 }),
    portfolioValue: main.getByText('Portfolio Value', { exact: true }),
    coursesCompleted: main.getByText('Courses Completed', { exact: true }),
  };
}

/** The home's four stat cards, in their order. */
function statCards(page: Page) {
  return page.getByRole('main').locator('[data-stat-card]');
}

test.describe('the dashboard shell', () => {
  test('is in the HTML of every dashboard address, the same for everyone', async ({
    request,
    signUp,
    playwright,
    baseURL,
  }) => {
    const account = await signUp({ name: 'Katherine Johnson' });
    const signedOut = await playwright.request.newContext({ baseURL });
    try {
      for (const path of [paths.dashboard, paths.stocks, `${paths.stocks}/AAPL`, '/dashboard/x']) {
        const html = await (await request.get(path)).text();
        expect(html, path).toContain('<div id="root" data-shell="dashboard">');
        // The frame and the sidebar's navigation come before the first script tag's body runs:
        // they are in the document itself, not written by it.
        expect(html, path).toMatch(/<aside[^>]*>.*<nav/s);
        expect(html, path).toContain('<header');
        expect(html, path).toContain('<main');
        expect(html, path).not.toContain(account.name);
        expect(html, path).not.toContain(account.email);
        // Signed in or not, the same bytes: nothing of the user's is in it.
        expect(await (await signedOut.get(path)).text(), path).toBe(html);
      }
    } finally {
      await signedOut.dispose();
    }
  });

  test('paints the frame, the navigation and the home’s grey blocks with no script at all', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = await context.newPage();
      await page.goto(paths.dashboard);
      const parts = frameParts(page);
      await expect(parts.header).toBeVisible();
      await expect(parts.search).toBeDisabled();
      await expect(parts.dashboardLink).toHaveAttribute('aria-current', 'page');
      await expect(parts.settingsLink).toBeVisible();
      await expect(parts.heading).toHaveText(/^Welcome back/);
      await expect(parts.portfolioValue).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('heading', { name: 'Recent Activity' }),
      ).toBeVisible();

      // A page below a sidebar address gets that address's shell, its link marked.
      await page.goto(`${paths.stocks}/AAPL`);
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Stocks' }),
      ).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('status', { name: 'Loading the page' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('on a phone, paints the header with its menu button and no sidebar', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await context.newPage();
      await page.goto(paths.dashboard);
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      await expect(page.getByRole('navigation')).toBeHidden();
      await expect(frameParts(page).heading).toHaveText(/^Welcome back/);
    } finally {
      await context.close();
    }
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px the app takes over without moving the frame or the home’s blocks`, async ({
      browser,
      page,
      signUp,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const viewport = { width, height: 900 };
      const shellContext = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        viewport,
      });
      const shellBoxes: Record<string, Awaited<ReturnType<typeof boxOf>>> = {};
      const shellCards: Awaited<ReturnType<typeof boxOf>>[] = [];
      // On a phone the sidebar is a closed drawer, and the cards stand one above the other:
      // the frame, the heading and the first card.
      const phoneParts = ['header', 'search', 'heading', 'portfolioValue'];
      const visible = (parts: ReturnType<typeof frameParts>) =>
        Object.entries(parts).filter(([name]) => width >= 1024 || phoneParts.includes(name));
      try {
        const shell = await shellContext.newPage();
        await shell.goto(paths.dashboard);
        for (const [name, locator] of visible(frameParts(shell))) {
          shellBoxes[name] = await boxOf(locator);
        }
        for (const card of await statCards(shell).all()) shellCards.push(await boxOf(card));
      } finally {
        await shellContext.close();
      }
      expect(shellCards).toHaveLength(4);

      // A new user, whose address is not confirmed yet: the banner that says so comes too.
      const account = await signUp({ name: 'Dorothy Vaughan' });
      await page.setViewportSize(viewport);
      await page.goto(paths.dashboard);
      const parts = frameParts(page);
      // The app's chunks on a busy machine: allow for it as the route table's tests do.
      await expect(parts.heading).toHaveText(`Welcome back, ${account.name}`, { timeout: 40_000 });
      await expect(parts.search).toBeEnabled();
      // Every card's figures are in, and the banner has appeared over the page.
      const main = page.getByRole('main');
      await expect(main.getByText('$0.00', { exact: true })).toBeVisible();
      await expect(main.getByText('0 of 0 AI credits used today')).toBeAttached();
      await expect(main.getByText('Resets on the 1st')).toBeVisible();
      await expect(main.getByText('Keep learning').or(main.getByText(/^Next: /))).toBeVisible();
      const banner = page.getByRole('region', { name: 'Confirm your email' });
      await expect(banner).toBeVisible();

      for (const [name, locator] of visible(parts)) {
        const box = await boxOf(locator);
        const before = shellBoxes[name];
        // The heading's text grows by the name where the grey block stood; its place stays.
        const same = name === 'heading' ? { x: box.x, y: box.y, height: box.height } : box;
        const expected =
          name === 'heading' && before
            ? { x: before.x, y: before.y, height: before.height }
            : before;
        expect(same, name).toEqual(expected);
      }
      // Each card where its grey block stood, as tall as it: nothing below it moves either.
      const cards: Awaited<ReturnType<typeof boxOf>>[] = [];
      for (const card of await statCards(page).all()) cards.push(await boxOf(card));
      expect(cards).toEqual(shellCards);

      // The banner is over the foot of the screen, beside the sidebar on a wide one.
      const bannerBox = await boxOf(banner);
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(viewport.height);
      if (width >= 1024) expect(bannerBox.x).toBeGreaterThanOrEqual(256);
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toBeHidden();
      // Put away, it leaves no gap and moves nothing.
      const afterDismiss: Awaited<ReturnType<typeof boxOf>>[] = [];
      for (const card of await statCards(page).all()) afterDismiss.push(await boxOf(card));
      expect(afterDismiss).toEqual(shellCards);
    });
  }
});
