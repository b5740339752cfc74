import { paths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { test } from '../support/fixtures.ts';

// The suite fails a test whose pages log an error or throw (support/fixtures.ts). These tests
// are expected to fail: they pass only while that guard works.
test.describe('the console guard', () => {
  test.fail('fails a test whose page logs an error', async ({ page }) => {
    await gotoReady(page, paths.about);
    await page.evaluate(() => console.error('Something the app did not expect'));
  });

  test.fail('fails a test whose page leaves a rejection unhandled', async ({ page }) => {
    await gotoReady(page, paths.about);
    await page.evaluate(() => {
      void Promise.reject(new Error('Nobody handles this'));
    });
    await page.waitForTimeout(100);
  });
});
