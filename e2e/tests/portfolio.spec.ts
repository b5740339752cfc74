import type { Page } from '@playwright/test';
import { dayChangeWord, type MarketStatusResponse, paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** Fills the transaction dialog's fields that are shown for the chosen kind. */
async function fillTransaction(
  page: Page,
  fields: {
    type: string;
    date: string;
    symbol?: string;
    shares?: string;
    price?: string;
    amount?: string;
  },
) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Type').selectOption({ label: fields.type });
  await dialog.getByLabel('Date').fill(fields.date);
  if (fields.symbol) await dialog.getByLabel('Symbol').fill(fields.symbol);
  if (fields.shares) await dialog.getByLabel('Shares').fill(fields.shares);
  if (fields.price) await dialog.getByLabel('Price per share').fill(fields.price);
  if (fields.amount) await dialog.getByLabel('Amount', { exact: true }).fill(fields.amount);
}

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`),
});

test.describe('portfolio', () => {
  test('starts from a screen that teaches, then adds transactions in a dialog', async ({
    signedInPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/, 'the server refuses a sell of more shares than were held');
    await page.goto(paths.dashboard);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('button', { name: 'Investments' }).click();
    await nav.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL(/\/dashboard\/portfolio/);
    await expect(
      page.getByRole('heading', { name: 'Track your portfolio in three steps' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add your first transaction' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a transaction' })).toBeVisible();
    await fillTransaction(page, {
      type: 'Buy',
      date: '2024-01-03',
      symbol: 'aapl',
      shares: '10',
      price: '150',
    });
    await expect(page.getByRole('dialog').getByText('Total cost: $1,500.00')).toBeVisible();
    await page.getByRole('button', { name: 'Add transaction' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const holdings = page.getByRole('region', { name: 'Holdings' });
    await expect(holdings.getByRole('link', { name: 'AAPL' })).toBeVisible();
    await expect(
      page.getByText(/Prices: simulated prices \(not real market data\), as of/),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
    await expect(page.getByRole('img', { name: /return against SPY/ })).toBeVisible();

    // A sell of more than is held is refused under the shares, and nothing is lost.
    await page.getByRole('button', { name: 'Add transaction' }).click();
    await fillTransaction(page, {
      type: 'Sell',
      date: '2024-02-01',
      symbol: 'AAPL',
      shares: '12',
      price: '180',
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Add transaction' }).click();
    await expect(
      page.getByText('You held 10 AAPL on 2024-02-01: a sell of 12 is more than that.'),
    ).toBeVisible();
    await page.getByRole('dialog').getByLabel('Shares').fill('4');
    await page.getByRole('dialog').getByRole('button', { name: 'Add transaction' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    const transactions = page.getByRole('region', { name: /Transactions/ });
    await expect(transactions.getByRole('heading')).toHaveText('Transactions (2)');
    await expect(transactions.getByText('4 at $180.00')).toBeVisible();
    await expect(holdings.getByRole('row', { name: /AAPL/ })).toContainText('6');

    // The holding opens its stock's page.
    await holdings.getByRole('link', { name: 'AAPL' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Apple Inc.' })).toBeVisible();
  });

  test('imports a file with an error only once it is fixed', async ({
    signedInPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/, 'none here, but a file may be refused while checked');
    await page.goto(paths.portfolio);
    await page.getByRole('button', { name: 'Import a CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import transactions' });
    const header = 'date,type,symbol,quantity,price,fees,amount,ratio,note';
    await dialog
      .getByLabel('Choose a CSV file')
      .setInputFiles(
        csvFile('trades.csv', [
          header,
          '2024-01-02,deposit,,,,,10000,,',
          '2024-01-03,buy,MSFT,ten,370,1,,,',
          '2024-01-04,buy,KO,20,60,,,,',
        ]),
      );
    await expect(dialog.getByText('1 row needs fixing before anything is imported')).toBeVisible();
    const errors = dialog.getByRole('table', { name: 'Rows to fix' });
    await expect(errors.getByRole('row').nth(1)).toHaveText(
      /^3\s*quantity\s*The quantity must be a number$/,
    );
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    await dialog
      .getByLabel('Choose another file')
      .setInputFiles(
        csvFile('trades-fixed.csv', [
          header,
          '2024-01-02,deposit,,,,,10000,,',
          '2024-01-03,buy,MSFT,10,370,1,,,',
          '2024-01-04,buy,KO,20,60,,,,',
        ]),
      );
    await expect(dialog.getByText('Ready to import')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 3 transactions' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('3 transactions were added.')).toBeVisible();
    const holdings = page.getByRole('region', { name: 'Holdings' });
    await expect(holdings.getByRole('link', { name: 'MSFT' })).toBeVisible();
    await expect(holdings.getByRole('link', { name: 'KO' })).toBeVisible();
  });

  test('maps the columns of a broker export', async ({ signedInPage: page }) => {
    await page.goto(paths.portfolio);
    await page.getByRole('button', { name: 'Import a CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog
      .getByLabel('Choose a CSV file')
      .setInputFiles(
        csvFile('broker.csv', [
          'When,Action,Ticker,Shares,Fill,Commission',
          '01/03/2024,Bought,NVDA,5,$480.50,$0.65',
          '01/05/2024,Sold,NVDA,2,$490.00,$0.65',
        ]),
      );
    await expect(dialog.getByText('a broker export')).toBeVisible();
    await expect(dialog.getByLabel('Action (buy, sell, dividend...)')).toHaveValue('Action');
    await dialog.getByLabel('Date', { exact: true }).selectOption('When');
    await dialog.getByLabel('Quantity').selectOption('Shares');
    await dialog.getByLabel('Price', { exact: true }).selectOption('Fill');
    await dialog.getByLabel('Symbol').selectOption('Ticker');
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await expect(dialog.getByText('Ready to import')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 2 transactions' }).click();
    await expect(
      page.getByRole('region', { name: 'Holdings' }).getByRole('link', { name: 'NVDA' }),
    ).toBeVisible();
  });

  test('imports a Schwab export by its preset, leaving out what it cannot', async ({
    signedInPage: page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/, 'none here, but a file may be refused while checked');
    await page.goto(paths.portfolio);
    await page.getByRole('button', { name: 'Import a CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import transactions' });
    await dialog
      .getByLabel('Choose a CSV file')
      .setInputFiles(
        new URL(
          '../../packages/shared/test/fixtures/broker-exports/schwab-transactions.csv',
          import.meta.url,
        ).pathname,
      );
    await expect(dialog.getByLabel('The file is from')).toHaveValue('schwab');
    await expect(dialog.getByText(/SWVXX \(3 rows\)/)).toBeVisible();
    await dialog.getByLabel('Leave their rows out and import the rest').check();
    await expect(dialog.getByText('Ready to import')).toBeVisible();
    await dialog.getByText('5 rows left out', { exact: true }).click();
    await expect(dialog.getByRole('table', { name: 'Rows left out' })).toContainText(
      'A total line, not a transaction.',
    );
    await dialog.getByRole('button', { name: 'Import 21 transactions' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Holdings' }).getByRole('link', { name: 'AVGO' }),
    ).toBeVisible();
  });
});

test.describe('dashboard home with a portfolio', () => {
  test("shows the value with today's change, the month against SPY and recent activity", async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    const created = await page.request.post('/api/portfolios', {
      headers: { origin: baseURL! },
      data: { name: 'Long term' },
    });
    const { portfolio } = await created.json();
    // 40 days before the market's session (the simulated market runs at a fixed date).
    const { market: session } = (await (
      await page.request.get('/api/market/status')
    ).json()) as MarketStatusResponse;
    const monthAgo = new Date(Date.parse(`${session.session}T12:00:00Z`) - 40 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const data of [
      { kind: 'deposit', date: monthAgo, amount: '5000' },
      { kind: 'buy', date: monthAgo, symbol: 'AAPL', quantity: '10', price: '150' },
    ]) {
      const answer = await page.request.post(`/api/portfolios/${portfolio.id}/transactions`, {
        headers: { origin: baseURL! },
        data,
      });
      expect(answer.status()).toBe(201);
    }

    await page.goto(paths.dashboard);
    const value = page.getByText('Portfolio Value', { exact: true }).locator('../..');
    await expect(value).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    // The day's change says "today" only while a session runs, else the session's date.
    const { market } = (await (
      await page.request.get('/api/market/status')
    ).json()) as MarketStatusResponse;
    await expect(value).toContainText(dayChangeWord(market));
    await expect(value).toContainText('simulated prices (not real market data)');

    const performance = page.getByRole('region', { name: 'Portfolio Performance' });
    await expect(
      performance.getByRole('img', { name: /against SPY over the last month/ }),
    ).toBeVisible();
    await expect(performance.getByText('SPY')).toBeVisible();

    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity.getByRole('link')).toHaveCount(2);
    await expect(activity.getByRole('link').first()).toContainText('Buy AAPL');
    await activity.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/portfolio\\?portfolio=${portfolio.id}$`));
  });
});
