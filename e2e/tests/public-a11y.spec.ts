import { paths, sitemapPaths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { inParts } from '../support/walk.ts';

/** Every page a search engine may list, and the sign-in page. */
const publicPages = [...sitemapPaths, paths.login];

test.describe('accessibility of the public site', () => {
  for (const pages of inParts(publicPages, 3)) {
    test(`${pages[0]} to ${pages.at(-1)} have no serious or critical axe violations`, async ({
      page,
    }) => {
      test.setTimeout(45_000 + pages.length * 10_000);
      for (const path of pages) {
        await test.step(path, async () => {
          await gotoReady(page, path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          expect.soft(await seriousViolations(page), path).toEqual([]);
        });
      }
    });
  }

  test('an open header menu has no serious or critical axe violations', async ({ page }) => {
    await gotoReady(page, paths.home);
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the open menu panel has no serious or critical axe violations', async ({ page }) => {
      await gotoReady(page, paths.home);
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
