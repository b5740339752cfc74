import { formatUsd, paths, type StockResponse, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** A symbol no other test opens, so moving its price disturbs nothing else. */
const symbol = 'PEP';

test.describe('watchlists and alerts', () => {
  test('add a stock from search, set a price alert, and see it fire live when the price crosses', async ({
    page,
    signUp,
    moveSimulatedPrice,
  }) => {
    await signUp({ plan: 'alpha' });
    await page.goto(paths.watchlist);
    await expect(page.getByRole('heading', { name: 'Follow your first stock' })).toBeVisible();

    const search = page.getByRole('combobox', { name: 'Add a symbol' });
    await search.fill('pepsi');
    await expect(page.getByRole('option', { name: /PEP/ })).toBeVisible();
    await search.press('Enter');
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: symbol, exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: /My watchlist/ })).toBeVisible();

    await table.getByRole('link', { name: symbol, exact: true }).click();
    await expect(page.getByRole('button', { name: /Watching/ })).toBeVisible();
    const { stock } = (await (
      await page.request.get(`/api/stocks/${symbol}`)
    ).json()) as StockResponse;
    const level = Math.ceil(stock.price) + 10;

    await page.getByRole('button', { name: 'Set alert' }).click();
    const dialog = page.getByRole('dialog', { name: `Alert on ${symbol}` });
    await dialog.getByLabel('Price', { exact: true }).fill(String(level));
    await dialog.getByRole('button', { name: 'Set alert' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Alerts (1)' })).toBeVisible();

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await page.evaluate(() => {
      (window as { stillTheSamePage?: boolean }).stillTheSamePage = true;
    });

    await moveSimulatedPrice(symbol, level + 0.5);

    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await bell.click();
    await expect(page.getByText(`${symbol} rose above ${formatUsd(level)}`)).toBeVisible();
    expect(
      await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);

    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Alerts', exact: true }).first().click();
    await expect(page.getByText(/Fired/).first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: `${symbol} rose above ${formatUsd(level)}` }),
    ).toBeVisible();

    // The dashboard's Recent Activity lists the firing, leading back to Alerts.
    await page.goto(paths.dashboard);
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    const firing = activity.getByRole('link', {
      name: new RegExp(`${symbol} rose above \\${formatUsd(level)}`),
    });
    await expect(firing).toBeVisible();
    await expect(firing).toHaveAttribute('href', paths.alerts);
  });

  test('a price alert set past its level asks first, and fires at once when told to', async ({
    page,
    signUp,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 409/, 'the server asks before setting an alert already met');
    // Not PEP: the test beside it moves PEP's price, which would move it past this level.
    const symbol = 'WMT';
    await signUp({ plan: 'alpha' });
    await page.goto(stockPath(symbol));
    const { stock } = (await (
      await page.request.get(`/api/stocks/${symbol}`)
    ).json()) as StockResponse;
    const level = Math.floor(stock.price) - 10;

    await page.getByRole('button', { name: 'Set alert' }).click();
    const dialog = page.getByRole('dialog', { name: `Alert on ${symbol}` });
    await dialog.getByLabel('Price', { exact: true }).fill(String(level));
    await dialog.getByRole('button', { name: 'Set alert' }).click();
    await expect(
      dialog.getByText(
        `${symbol} is already above ${formatUsd(level)}: fire now, or wait for the next crossing?`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Fire now' }).click();
    await expect(dialog).toBeHidden();

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await bell.click();
    await expect(page.getByText(`${symbol} is above ${formatUsd(level)}`)).toBeVisible();
  });

  test('a free user sees what alerts are and where to get them', async ({ page, signUp }) => {
    await signUp();
    await page.goto(paths.alerts);
    await expect(page.getByRole('heading', { name: 'Custom alerts come with Pro' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      paths.pricing,
    );
  });
});
