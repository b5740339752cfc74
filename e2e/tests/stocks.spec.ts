import {
  dayChangeWord,
  type MarketStatusResponse,
  marketStatusLabel,
  paths,
  stockPath,
} from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('stocks list', () => {
  test('shows the tracked stocks, searches them and opens one', async ({ signedInPage: page }) => {
    await page.goto(paths.stocks);
    await expect(page.getByRole('heading', { level: 1, name: 'Stocks' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Symbol',
      'Name',
      'Price',
      'Change',
      'Volume',
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('AAPL');
    await expect(rows.first()).toContainText('Apple Inc.');
    await expect(rows.first()).toContainText(/\$\d+\.\d{2}/);
    await expect(rows.first()).toContainText(/[+-]?\d+\.\d{2}%/);
    await expect(rows.first()).toContainText(/\d+\.\d{2}M/);

    const search = page.getByRole('searchbox', { name: 'Search stocks' });
    await search.fill('micro');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('MSFT');
    await search.fill('tsla');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Tesla, Inc.');
    await search.fill('nothing like this');
    await expect(rows).toHaveText(['No stocks match "nothing like this".']);
    await search.fill('');
    await expect(rows).toHaveCount(5);

    await rows.filter({ hasText: 'GOOGL' }).getByRole('cell').nth(3).click();
    await expect(page).toHaveURL(new RegExp(`${stockPath('GOOGL')}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Alphabet Inc.' })).toBeVisible();
  });

  test("the list and a stock's page say whether the market is open, from the server's calendar", async ({
    signedInPage: page,
  }) => {
    const { market } = (await (
      await page.request.get('/api/market/status')
    ).json()) as MarketStatusResponse;
    // The e2e server runs the market mid-session, whatever the hour (support/global-setup.ts).
    expect(market).toMatchObject({ state: 'open', session: '2026-03-16' });
    await page.goto(paths.stocks);
    // The list's own line and the market overview above it both say it, from the same status.
    const badges = page.getByText(marketStatusLabel(market), { exact: true });
    await expect(badges).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Market overview' })).toContainText(
      marketStatusLabel(market),
    );
    await page.goto(stockPath('AAPL'));
    await expect(page.getByText(marketStatusLabel(market), { exact: true })).toBeVisible();
    // "today" only while a session runs; otherwise the session's date.
    await expect(page.getByText(dayChangeWord(market), { exact: true })).toBeVisible();
  });

  test('sends a signed-out visitor to sign in', async ({ page }) => {
    await page.goto(paths.stocks);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('stock detail', () => {
  test('shows every figure and the price history chart', async ({ signedInPage: page }) => {
    await page.goto(stockPath('AAPL'));
    await expect(page.getByRole('heading', { level: 1, name: 'Apple Inc.' })).toBeVisible();
    const main = page.getByRole('main');
    const summary = main.locator('header', { has: page.getByRole('heading', { level: 1 }) });
    await expect(summary.getByText('AAPL', { exact: true })).toBeVisible();
    await expect(summary.getByText(/^\$\d{3}\.\d{2}$/)).toBeVisible();
    await expect(summary.getByText(/^(Up|Down)\s?[+-]?\d+\.\d{2}%$/)).toBeVisible();
    const figures = main.locator('dl', { has: page.getByText('24h Volume') });
    await expect(figures.getByText('Market Cap', { exact: true })).toBeVisible();
    await expect(figures.getByText('$3,000.0B')).toBeVisible();
    await expect(figures.getByText(/^\d{1,3}(,\d{3})+$/)).toBeVisible();
    await expect(figures.getByText('P/E Ratio', { exact: true })).toBeVisible();
    await expect(figures.getByText('31.2', { exact: true })).toBeVisible();
    // The 52-week range is the 1Y chart's lowest low and highest high, inside AAPL's fixed
    // range of $164.08 to $199.62 that bounds its simulated prices.
    const year = (await (await page.request.get('/api/stocks/AAPL/history?range=1y')).json()) as {
      bars: { low: number; high: number }[];
    };
    const low = Math.min(...year.bars.map((bar) => bar.low));
    const high = Math.max(...year.bars.map((bar) => bar.high));
    expect(low).toBeGreaterThanOrEqual(164.08);
    expect(high).toBeLessThanOrEqual(199.62);
    const yearRange = main.getByRole('region', { name: '52 Week Range' });
    await expect(yearRange.getByText(`$${low.toFixed(2)}`)).toBeVisible();
    await expect(yearRange.getByText(`$${high.toFixed(2)}`)).toBeVisible();
    // The note says what the price is: a Free plan's price is 15 minutes late, and the offline
    // provider's prices are simulated, never "Real-time data".
    await expect(
      summary.getByText(
        /^Delayed 15 min · price at \d{1,2}:\d{2}:\d{2} [AP]M [A-Z][A-Za-z0-9+:-]*$/,
      ),
    ).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Simulated data' })).toBeVisible();
    await expect(main.getByText('Real-time data')).toHaveCount(0);

    const history = main.getByRole('region', { name: /^Price History/ });
    await expect(history.getByRole('heading', { name: 'Price History' })).toBeVisible();
    const chart = history.getByRole('img', { name: /^AAPL daily closing prices, past month/ });
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())?.height).toBe(400);
    await expect(history.getByRole('button', { name: '1M', pressed: true })).toBeVisible();

    await main.getByRole('link', { name: 'Back to Stocks' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.stocks}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Stocks' })).toBeVisible();
  });

  test('says so when no stock or ETF has the symbol', async ({
    signedInPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 404 .*\/api\/stocks\/NOPE/, 'no stock has that symbol');
    await page.goto(stockPath('NOPE'));
    await expect(page.getByRole('heading', { name: 'Stock not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Stocks' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.stocks}$`));
  });
});
