import { paths, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('news and reports on a stock page', () => {
  test('say plainly, offline, that there is no news, earnings or filings source', async ({
    signedInPage: page,
  }) => {
    await page.goto(stockPath('AAPL'));
    const section = page.getByRole('region', { name: 'News and reports' });
    await expect(section.getByRole('heading', { name: 'News and reports' })).toBeVisible();
    await expect(
      section
        .getByRole('region', { name: 'News' })
        .getByText(/runs offline on simulated prices, so it shows no headlines\./),
    ).toBeVisible();
    await expect(
      section.getByRole('region', { name: 'Earnings' }).getByText(/come from Finnhub/),
    ).toBeVisible();
    await expect(
      section.getByRole('region', { name: 'SEC filings' }).getByText(/from SEC EDGAR/),
    ).toBeVisible();
    // "Why it moved" summarises headlines, and this server has none: said, nothing written.
    const why = section.getByRole('region', { name: 'Why it moved' });
    await expect(
      why.getByText(/this server has no news source, so there is nothing to summarise/),
    ).toBeVisible();
    await expect(why.getByRole('button')).toHaveCount(0);
    // Nothing made up: no headline links, no source line.
    await expect(section.getByRole('link')).toHaveCount(0);
    await expect(section.getByText(/^Source:/)).toHaveCount(0);
  });

  test('show a fund no earnings panel', async ({ signedInPage: page }) => {
    await page.goto(stockPath('SPY'));
    const section = page.getByRole('region', { name: 'News and reports' });
    await expect(
      section.getByText('SPY is a fund: funds do not file 10-K, 10-Q or 8-K reports.'),
    ).toBeVisible();
    await expect(section.getByRole('region', { name: 'Earnings' })).toHaveCount(0);
  });
});

test.describe('earnings this week on the dashboard', () => {
  test('says plainly, offline, that there is no earnings source, with nothing made up', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.dashboard);
    const panel = page.getByRole('region', { name: 'Earnings this week' });
    await expect(
      panel.getByText(
        'Earnings dates come from Finnhub. This server runs offline on simulated prices, so it shows none.',
      ),
    ).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(0);
    await expect(panel.getByText(/^Source:/)).toHaveCount(0);
  });
});
