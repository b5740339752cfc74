import type { Page } from '@playwright/test';
import { formatUsd, paths, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** A symbol no other spec opens, so moving its price disturbs nothing else. */
const symbol = 'KO';
/** The watchlist's symbol, likewise opened by no other spec. */
const listed = 'MCD';

/** Creates the signed-in user's watchlist holding `listed`, through the API. */
async function watchListed(page: Page, origin: string): Promise<void> {
  const headers = { origin };
  const created = await page.request.post('/api/watchlists', {
    data: { name: 'Live' },
    headers,
  });
  expect(created.ok()).toBe(true);
  const { watchlist } = (await created.json()) as { watchlist: { id: string } };
  const added = await page.request.post(`/api/watchlists/${watchlist.id}/symbols`, {
    data: { symbol: listed },
    headers,
  });
  expect(added.ok()).toBe(true);
}

test.describe('live prices', () => {
  test("a real-time plan's page sees the price change in place, without a reload", async ({
    page,
    signUp,
    moveSimulatedPrice,
  }) => {
    // Alpha (free of charge) sees real-time prices as Pro does.
    await signUp({ plan: 'alpha' });
    // The tab names its symbols to the server once the page shows them.
    const named = page.waitForResponse(
      (response) => response.url().endsWith('/api/live/symbols') && response.ok(),
    );
    await page.goto(stockPath(symbol));
    const price = page.locator(`[data-live-price="${symbol}"]`);
    await expect(price).toBeVisible();
    await expect(page.getByText(/Delayed 15 min/)).toHaveCount(0);
    await page.evaluate(() => {
      (window as { stillTheSamePage?: boolean }).stillTheSamePage = true;
    });
    await named;

    await moveSimulatedPrice(symbol, 123.45);

    await expect(price).toHaveText(formatUsd(123.45));
    expect(
      await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);
  });

  test('a Free page shows its prices delayed by 15 minutes, with the way to real-time', async ({
    page,
    signUp,
  }) => {
    await signUp();
    await page.goto(stockPath(symbol));
    await expect(page.getByRole('button', { name: 'Delayed 15 min' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Upgrade to Pro for real-time prices' }),
    ).toBeVisible();
    await expect(page.getByText(/^Delayed 15 min · price at /)).toBeVisible();
  });

  test("a real-time plan's watchlist row changes price in place", async ({
    page,
    signUp,
    baseURL,
    moveSimulatedPrice,
  }) => {
    await signUp({ plan: 'alpha' });
    await watchListed(page, baseURL ?? '');
    const named = page.waitForResponse(
      (response) => response.url().endsWith('/api/live/symbols') && response.ok(),
    );
    await page.goto(paths.watchlist);
    const price = page.getByRole('table').locator(`[data-live-price="${listed}"]`);
    await expect(price).toBeVisible();
    await named;

    await moveSimulatedPrice(listed, 234.56);

    await expect(price).toHaveText(formatUsd(234.56));
  });

  test('a Free watchlist shows its prices delayed by 15 minutes, with the way to real-time', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    await watchListed(page, baseURL ?? '');
    await page.goto(paths.watchlist);
    await expect(page.getByRole('table').getByRole('link', { name: listed })).toBeVisible();
    await expect(page.getByText(/; Delayed 15 min, refreshed every minute/)).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Upgrade to Pro for real-time prices' }),
    ).toBeVisible();
  });
});
