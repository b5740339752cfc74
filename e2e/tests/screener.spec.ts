import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('screener', () => {
  test('filters the universe, sorts, keeps the screen in the address and saves it within the plan', async ({
    signedInPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /status of 402 \(Payment Required\) \[[^\]]*\/api\/screens\]$/,
      'the second saved screen on Free is refused on purpose',
    );
    await page.goto(paths.stocks);
    await page.getByRole('link', { name: 'Screen every US stock and ETF' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.screener}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Screener' })).toBeVisible();
    // How many match, or that none does (on a fresh simulated install the market caps come as
    // the screener fills the universe's bars, a few symbols a minute).
    const summary = page.getByText(
      /^(\d+ of \d+ symbols match\.|No symbol matches every filter\..*)$/,
    );
    await expect(summary).toBeVisible();
    const everything = Number((await summary.textContent())?.split(' ')[0]);
    expect(everything).toBeGreaterThan(500);

    // A sector: fewer rows, each of that sector, and the address says so.
    await page.getByRole('button', { name: 'Financials', exact: true }).click();
    await expect(page).toHaveURL(/sector=Financials/);
    await expect(summary).not.toHaveText(`${everything} of ${everything} symbols match.`);
    const table = page.getByRole('table');
    const sectorCells = table.locator('tbody tr td:nth-child(3)');
    await expect(sectorCells.first()).toHaveText('Financials');
    for (const text of await sectorCells.allTextContents()) expect(text).toBe('Financials');

    // Sorting by a column's header, then a range on a figure.
    await table.getByRole('button', { name: 'Price' }).click();
    await expect(page).toHaveURL(/sort=-price/);
    await expect(table.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // The last screen's rows stay, dimmed and marked busy, until the sorted ones come.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const prices = (await table.locator('tbody tr td:nth-child(4)').allTextContents()).map((text) =>
      Number(text.replace(/[$,]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    // Market cap is read on the last close: the count stays put while prices move.
    const before = await summary.textContent();
    await page.getByLabel('Add a filter').selectOption({ label: 'Market cap' });
    await page.getByLabel('Market cap from').fill('50000000000');
    await expect(page).toHaveURL(/marketCap=50000000000\.\./);
    await expect(summary).not.toHaveText(before ?? '');

    // The address is the screen: opened again, it shows the same filters, sort and matches.
    // (Matches can only grow meanwhile: a fresh install's screener is still filling in the
    // market caps of symbols it has not read yet, and a filled one never leaves a match. "No
    // symbol matches" counts as none.)
    const shared = page.url();
    const counts = (text: string | null) => {
      const [matched, of] =
        (text ?? '')
          .match(/^(\d+) of (\d+)/)
          ?.slice(1)
          .map(Number) ?? [];
      return { matched: matched ?? 0, of: of ?? 0 };
    };
    const matching = counts(await summary.textContent());
    await page.goto(paths.dashboard);
    await page.goto(shared);
    await expect(summary).toBeVisible();
    const reopened = counts(await summary.textContent());
    if (matching.of > 0 && reopened.of > 0) expect(reopened.of).toBe(matching.of);
    expect(reopened.matched).toBeGreaterThanOrEqual(matching.matched);
    await expect(page.getByLabel('Market cap from')).toHaveValue('50000000000');
    await expect(table.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.getByRole('button', { name: 'Financials', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Free keeps one saved screen; a second names the limit and the way up.
    await page.getByLabel('Name of the screen to save').fill('Dear banks');
    await page.getByRole('button', { name: 'Save screen' }).click();
    await expect(page.getByRole('button', { name: 'Dear banks', exact: true })).toBeVisible();
    await expect(page.getByText('1 of 1 on your plan')).toBeVisible();
    await page.getByLabel('Name of the screen to save').fill('Another');
    await page.getByRole('button', { name: 'Save screen' }).click();
    await expect(page.getByRole('alert')).toContainText('1 saved screen');
    await expect(page.getByRole('link', { name: /Upgrade/ }).last()).toBeVisible();
  });

  test('says what is wrong with a filter it cannot read', async ({
    signedInPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /status of 400 \(Bad Request\) \[[^\]]*\/api\/screener\?[^\]]*\]$/,
      'the address holds a filter the server refuses',
    );
    await page.goto(`${paths.screener}?peRatio=cheap..`);
    await expect(page.getByRole('alert')).toContainText('peRatio takes a range');
  });

  test('the dashboard shows the market overview with its source and delay', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.dashboard);
    const overview = page.getByRole('region', { name: 'Market overview' });
    await expect(overview.getByRole('list', { name: 'Index funds' })).toContainText('SPY');
    await expect(overview).toContainText('QQQ');
    await expect(overview).toContainText(/Delayed 15 min/);
    await expect(overview).toContainText('not real market data');
  });
});
