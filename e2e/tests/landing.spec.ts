import type { Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { expect, test } from '../support/fixtures.ts';

/** docs/PRODUCT.md §3.1: the three menus and their links, in order. */
const menus = {
  Resources: [
    '/guides/getting-started',
    '/guides/videos',
    '/guides/glossary',
    '/tools/calculator',
    '/tools/risk-assessment',
    '/tools/templates',
    '/case-study',
    '/guides/strategies',
    '/guides/risk-management',
  ],
  Product: [
    '/features/ai',
    '/features/portfolio',
    '/features/alerts',
    '/features/social',
    '/features/courses',
    '/features/analysis',
  ],
  About: ['/about', '/team', '/careers', '/partners', '/contact', '/support'],
};

const header = (page: Page) => page.getByRole('banner');

test.describe('the landing page header', () => {
  test('has the logo, the three menus in order and Login', async ({ page }) => {
    await gotoReady(page, paths.home);
    const triggers = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
    await expect(triggers).toHaveText(['Resources', 'Product', 'About']);
    await expect(header(page).getByRole('link', { name: 'Tickerwise' })).toHaveAttribute(
      'href',
      '/',
    );
    await header(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const [label, hrefs] of Object.entries(menus)) {
    test(`the ${label} menu opens on click and lists exactly its links`, async ({ page }) => {
      await gotoReady(page, paths.home);
      const trigger = page.getByRole('button', { name: label, exact: true });
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
      await expect(panel).toHaveAttribute('role', 'menu');
      await expect(panel.getByRole('menuitem')).toHaveCount(hrefs.length);
      const shown = await panel
        .getByRole('menuitem')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(shown).toEqual(hrefs);
    });
  }

  test('a menu works from the keyboard and Escape returns focus to its button', async ({
    page,
  }) => {
    await gotoReady(page, paths.home);
    const trigger = page.getByRole('button', { name: 'Product', exact: true });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: /AI Market Analysis/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: /Portfolio Tracking/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  test('a click outside closes an open menu, and opening another closes the first', async ({
    page,
  }) => {
    await gotoReady(page, paths.home);
    const resources = page.getByRole('button', { name: 'Resources', exact: true });
    const about = page.getByRole('button', { name: 'About', exact: true });
    await resources.click();
    await about.click();
    await expect(resources).toHaveAttribute('aria-expanded', 'false');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(about).toHaveAttribute('aria-expanded', 'false');
  });

  test('a menu link navigates and the menu closes', async ({ page }) => {
    await gotoReady(page, paths.home);
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    await page.getByRole('menuitem', { name: /Market Glossary/ }).click();
    await expect(page).toHaveURL(/\/guides\/glossary$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Market Glossary');
    await expect(page.getByRole('button', { name: 'Resources', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

test.describe('the header on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a menu button opens a panel with the same groups and links', async ({ page }) => {
    await gotoReady(page, paths.home);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.tap();
    const panel = page.getByRole('navigation', { name: 'Site menu' });
    await expect(panel.getByRole('heading')).toHaveText(['Resources', 'Product', 'About']);
    const shown = await panel
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(shown).toEqual([...menus.Resources, ...menus.Product, ...menus.About]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('a tap on a panel link navigates and closes the panel', async ({ page }) => {
    await gotoReady(page, paths.home);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page
      .getByRole('navigation', { name: 'Site menu' })
      .getByRole('link', { name: 'Careers' })
      .tap();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeHidden();
  });
});

test.describe('the landing page', () => {
  test('arrives as prerendered HTML and hydrates without errors', async ({ page, request }) => {
    const html = await (await request.get(paths.home)).text();
    expect(html).toContain('10,000+ Active Investors');
    expect(html).toContain('Try for Free');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await gotoReady(page, paths.home);
    await page.getByRole('button', { name: 'Next feature' }).click();
    await expect(page.getByRole('group', { name: /^2 of 4/ })).not.toHaveAttribute('inert');
    expect(problems).toEqual([]);
  });

  test('other paths never show the prerendered landing page', async ({ page }) => {
    await gotoReady(page, paths.about);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Tickerwise');
    await expect(page.getByText('10,000+ Active Investors')).toHaveCount(0);
  });

  test('the hero shows the investor count and its two buttons', async ({ page }) => {
    await gotoReady(page, paths.home);
    const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByText('10,000+ Active Investors')).toBeVisible();
    await hero.getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/case-study$/);
    await page.goBack();
    await hero.getByRole('link', { name: 'Try for Free' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('the live card drifts its two prices and redraws its chart every 2 seconds', async ({
    page,
  }) => {
    await gotoReady(page, paths.home);
    const card = page.getByRole('region', { name: 'Sample portfolio' });
    await expect(card.getByText('AI insight')).toBeVisible();
    const apple = card.getByTestId('sample-price-AAPL');
    const microsoft = card.getByTestId('sample-price-MSFT');
    const chart = card.getByTestId('sample-chart');
    const before = {
      apple: await apple.textContent(),
      microsoft: await microsoft.textContent(),
      chart: await chart.innerHTML(),
    };
    await expect(apple).not.toHaveText(before.apple ?? '', { timeout: 3_500 });
    await expect(microsoft).not.toHaveText(before.microsoft ?? '');
    // The chart redraws in the same tick as the prices, but a busy machine may paint it later.
    await expect.poll(() => chart.innerHTML()).not.toBe(before.chart);
    await expect(card.locator('[data-value]')).toHaveCount(12);
  });

  test('shows six testimonials twice, each 400 px wide, and pauses on hover', async ({ page }) => {
    await gotoReady(page, paths.home);
    const track = page.getByTestId('testimonial-track');
    const lists = track.getByRole('list', { includeHidden: true });
    await expect(lists).toHaveCount(2);
    await expect(lists.nth(1)).toHaveAttribute('aria-hidden', 'true');
    const cards = track.locator('li');
    await expect(cards).toHaveCount(12);
    const widths = await cards.evaluateAll((items) =>
      items.map((item) => (item as HTMLElement).offsetWidth),
    );
    expect(widths).toEqual(Array(12).fill(400));
    const names = await cards.locator('figcaption span span:first-child').allTextContents();
    expect(names.slice(6)).toEqual(names.slice(0, 6));
    expect(new Set(names).size).toBe(6);

    const playState = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
    expect(await playState()).toBe('running');
    // The track itself never stands still; point at the middle of the strip that holds it.
    await track.locator('..').scrollIntoViewIfNeeded();
    const strip = await track.locator('..').boundingBox();
    if (!strip) throw new Error('the testimonial strip is not laid out');
    await page.mouse.move(strip.x + strip.width / 2, strip.y + strip.height / 2);
    expect(await playState()).toBe('paused');
  });

  test('the pause button stops the testimonials', async ({ page }) => {
    await gotoReady(page, paths.home);
    const track = page.getByTestId('testimonial-track');
    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.mouse.move(0, 0);
    await expect
      .poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState))
      .toBe('paused');
    await expect(page.getByRole('button', { name: 'Play testimonials' })).toBeVisible();
  });

  test('the feature carousel moves with previous, next, dots and arrow keys', async ({ page }) => {
    await gotoReady(page, paths.home);
    const carousel = page.getByRole('region', { name: 'Tickerwise features' });
    const active = carousel.locator('[aria-roledescription="slide"]:not([inert])');
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expect(active.getByRole('heading')).toHaveText('AI Market Analysis');

    await carousel.getByRole('button', { name: 'Next feature' }).click();
    await expect(active.getByRole('heading')).toHaveText('Portfolio Tracking');
    await carousel.getByRole('button', { name: 'Show feature 4: Learning and Community' }).click();
    await expect(active.getByRole('heading')).toHaveText('Learning and Community');
    await expect(
      carousel.getByRole('button', { name: 'Show feature 4: Learning and Community' }),
    ).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Next feature' }).click();
    await expect(active.getByRole('heading')).toHaveText('AI Market Analysis');
    await carousel.getByRole('button', { name: 'Previous feature' }).click();
    await expect(active.getByRole('heading')).toHaveText('Learning and Community');

    await carousel.getByRole('button', { name: 'Previous feature' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(active.getByRole('heading')).toHaveText('AI Market Analysis');
    await page.keyboard.press('ArrowLeft');
    await expect(active.getByRole('heading')).toHaveText('Learning and Community');
    await page.keyboard.press('Enter');
    await expect(active.getByRole('heading')).toHaveText('Smart Alerts');

    await carousel.getByRole('link', { name: 'Try for Free' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('the free tier section lists features and three stats, and signs up on Free', async ({
    page,
  }) => {
    await gotoReady(page, paths.home);
    const section = page.getByRole('region', { name: /Start free/ });
    await expect(section.getByRole('listitem')).toHaveCount(8);
    await expect(section.getByText('10,000+', { exact: true })).toBeVisible();
    await expect(section.getByText('$0', { exact: true })).toBeVisible();
    await expect(section.getByText('24h', { exact: true })).toBeVisible();
    await section.getByRole('link', { name: 'Try for Free' }).click();
    await expect(page).toHaveURL(/\/signup\?plan=free$/);
    expect(await page.evaluate(() => sessionStorage.getItem('selected_plan'))).toBe('free');
  });

  test('the scroll arrow shows until the page is scrolled 100 px', async ({ page }) => {
    await gotoReady(page, paths.home);
    const arrow = page.getByRole('link', { name: 'Scroll down' });
    await expect(arrow).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 99));
    await expect(arrow).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(arrow).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(arrow).toBeVisible();
    await arrow.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(arrow).toBeHidden();
  });
});

test.describe('the landing page with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the testimonials stand still', async ({ page }) => {
    await gotoReady(page, paths.home);
    const track = page.getByTestId('testimonial-track');
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(page.getByRole('button', { name: 'Pause testimonials' })).toBeHidden();
  });
});
