import type { Page } from '@playwright/test';
import { paths, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** The price chart's description names the range and its first and last closes. */
function priceChart(page: Page, symbol: string) {
  return page
    .getByRole('region', { name: /^Price History/ })
    .getByRole('img', { name: new RegExp(`^${symbol} daily closing prices`) });
}

test.describe('symbol search', () => {
  test('opens with / from anywhere in the dashboard and finds a company by name', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
    const search = page.getByRole('combobox', { name: 'Search stocks and ETFs' });
    // The prerendered shell's search box stays disabled until the app has taken over.
    await expect(search).toBeEnabled();
    await page.keyboard.press('/');
    await expect(search).toBeFocused();
    await page.keyboard.type('alphabet');
    const results = page.getByRole('listbox');
    await expect(results).toHaveAttribute('aria-busy', 'false');
    const googl = results.getByRole('option', { name: /^GOOGL\s*Alphabet Inc\./ });
    await expect(googl).toBeVisible();
    await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await googl.click();
    await expect(page).toHaveURL(new RegExp(`${stockPath('GOOGL')}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Alphabet Inc.' })).toBeVisible();
    await expect(search).toHaveValue('');
  });

  test('opens with Ctrl+K, moves with the arrow keys and opens with Enter', async ({
    signedInPage: page,
  }) => {
    await page.goto(stockPath('AAPL'));
    await expect(page.getByRole('heading', { level: 1, name: 'Apple Inc.' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search stocks and ETFs' });
    await expect(search).toBeFocused();
    await page.keyboard.type('s&p');
    await expect(page.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('option', { name: /^SPY\b/ })).toBeVisible();
    // Down to SPY, wherever the ranking puts it.
    for (let step = 0; step < 8; step += 1) {
      const active = await search.getAttribute('aria-activedescendant');
      if (active && (await page.locator(`[id="${active}"]`).textContent())?.startsWith('SPY'))
        break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${stockPath('SPY')}$`));
    await expect(page.getByRole('heading', { level: 1, name: /S&P 500 ETF/ })).toBeVisible();
  });

  test('does not take over a key typed into a field, and says when nothing matches', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.stocks);
    const filter = page.getByRole('searchbox', { name: 'Search stocks' });
    await filter.fill('');
    await filter.pressSequentially('a/');
    await expect(filter).toBeFocused();
    await expect(filter).toHaveValue('a/');

    const search = page.getByRole('combobox', { name: 'Search stocks and ETFs' });
    await search.fill('qqqzzz');
    await expect(page.getByText('No stocks or ETFs match "qqqzzz".')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(search).toHaveValue('qqqzzz');
    await page.keyboard.press('Escape');
    await expect(search).toHaveValue('');
  });
});

test.describe('research detail page', () => {
  test('opens any stock with its history, key statistics and profile, labelled simulated', async ({
    signedInPage: page,
  }) => {
    await page.goto(stockPath('NVDA'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(/nvidia/i);
    const summary = main.locator('header', { has: page.getByRole('heading', { level: 1 }) });
    await expect(summary.getByRole('button', { name: 'Simulated data' })).toBeVisible();
    await expect(summary.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();

    await expect(priceChart(page, 'NVDA')).toBeVisible();
    await expect(
      main.getByText(
        /^Daily prices: Simulated data \(not real market data\) · through [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
      ),
    ).toBeVisible();

    const statistics = main.getByRole('region', { name: 'Key statistics' });
    for (const label of [
      'Market cap',
      'P/E ratio',
      'P/B ratio',
      'EPS (TTM)',
      'Dividend yield',
      'Beta',
      '52-week high',
      'Gross margin',
      'Return on equity',
      'Debt to equity',
      'Current ratio',
    ]) {
      await expect(statistics.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(statistics.getByText(/^\$\d+\.\d{2}[TBM]$/)).toBeVisible();
    await expect(
      statistics.getByText(/^Figures: Simulated data \(not real market data\) · as of /),
    ).toBeVisible();
    const profile = main.getByRole('region', { name: 'Company profile' });
    await expect(profile.getByText('Semiconductors')).toBeVisible();
    await expect(profile.getByText('NASDAQ')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Back to Stocks' })).toBeVisible();
  });

  test('the range buttons redraw the chart over the range chosen, kept in the address', async ({
    signedInPage: page,
  }) => {
    await page.goto(stockPath('MSFT'));
    const chart = priceChart(page, 'MSFT');
    await expect(chart).toHaveAttribute(
      'aria-label',
      /past month: .* on ([A-Z][a-z]{2} \d{1,2}, \d{4}) to /,
    );
    const month = await chart.getAttribute('aria-label');
    const ranges = page.getByRole('group', { name: 'Chart range' });
    await expect(ranges.getByRole('button')).toHaveText([
      '1D',
      '5D',
      '1M',
      '3M',
      '6M',
      'YTD',
      '1Y',
      '5Y',
      'Max',
    ]);

    await ranges.getByRole('button', { name: '5Y' }).click();
    await expect(page).toHaveURL(/\?range=5y$/);
    await expect(ranges.getByRole('button', { name: '5Y' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(ranges.getByRole('button', { name: '1M' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(chart).toHaveAttribute('aria-label', /past 5 years/);
    const firstYear = (label: string | null) =>
      Number(label?.match(/on [A-Z][a-z]{2} \d{1,2}, (\d{4}) to/)?.[1]);
    const fiveYears = await chart.getAttribute('aria-label');
    expect(firstYear(fiveYears)).toBeLessThanOrEqual(firstYear(month) - 4);
    expect((await chart.boundingBox())?.height).toBe(400);

    await page.reload();
    await expect(priceChart(page, 'MSFT')).toHaveAttribute('aria-label', /past 5 years/);
    await page
      .getByRole('group', { name: 'Chart range' })
      .getByRole('button', { name: '1M' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${stockPath('MSFT')}$`));
    await expect(priceChart(page, 'MSFT')).toHaveAttribute('aria-label', month ?? '');
  });

  test('draws the year to date and all stored history, as a line or as candles, from the history route', async ({
    signedInPage: page,
  }) => {
    await page.goto(stockPath('AAPL'));
    const history = page.getByRole('main').getByRole('region', { name: /^Price History/ });
    await expect(history.getByRole('button', { name: '1M', pressed: true })).toBeVisible();
    type Bars = { bars: { close: number }[] };
    for (const [button, range, period] of [
      ['YTD', 'ytd', 'year to date'],
      ['Max', 'max', 'all stored history'],
    ] as const) {
      await history.getByRole('button', { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]range=${range}`));
      const { bars } = (await (
        await page.request.get(`/api/stocks/AAPL/history?range=${range}`)
      ).json()) as Bars;
      const first = bars[0]!;
      const last = bars.at(-1)!;
      // The chart's first and last closes are the route's.
      await expect(
        history.getByRole('img', {
          name: new RegExp(
            `^AAPL daily closing prices, ${period}: \\$${first.close.toFixed(2)} on .* to \\$${last.close.toFixed(2)} on `,
          ),
        }),
      ).toBeVisible();
    }
    await history.getByRole('button', { name: 'Candles' }).click();
    await expect(page).toHaveURL(/[?&]chart=candles/);
    const candles = history.getByRole('img', {
      name: /^AAPL daily candles \(open, high, low and close\), all stored history: /,
    });
    await expect(candles).toBeVisible();
    expect((await candles.boundingBox())?.height).toBe(400);
    await page.reload();
    await expect(history.getByRole('button', { name: 'Candles', pressed: true })).toBeVisible();
    await expect(history.getByRole('button', { name: 'Max', pressed: true })).toBeVisible();
    await history.getByRole('button', { name: 'Line' }).click();
    await expect(page).not.toHaveURL(/chart=/);
  });

  test('draws the session in simulated intraday bars, compares with SPY and reads each bar from the keyboard', async ({
    signedInPage: page,
  }) => {
    await page.goto(`${stockPath('AAPL')}?range=1d`);
    const history = page.getByRole('main').getByRole('region', { name: /^Price History/ });
    await expect(history.getByRole('button', { name: '1D', pressed: true })).toBeVisible();
    await expect(history.getByText('Simulated intraday prices')).toBeVisible();
    await expect(history.getByText(/^Market (open|closed)/)).toBeVisible();
    const session = history.getByRole('img', { name: /^AAPL 5-minute prices, one session: / });
    await expect(session).toBeVisible();

    await history.getByRole('button', { name: 'Compare with SPY' }).click();
    await expect(page).toHaveURL(/[?&]compare=SPY/);
    await expect(history.getByRole('img', { name: /compared with SPY in percent$/ })).toBeVisible();

    // The chart is reached with Tab: Home reads the first bar, End the last, the one its
    // description ends on.
    const compared = history.getByRole('img', { name: /compared with SPY in percent$/ });
    const lastClose = (await compared.getAttribute('aria-label'))?.match(
      / to (\$[\d,]+\.\d{2}) on /,
    )?.[1];
    const reader = history.getByRole('slider', { name: 'AAPL price chart, bar by bar' });
    await reader.focus();
    await page.keyboard.press('Home');
    await expect(reader).toHaveAttribute(
      'aria-valuetext',
      /AAPL close \$[\d,.]+ \(0\.00%\), SPY 0\.00%/,
    );
    await page.keyboard.press('End');
    await expect(reader).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`AAPL close \\${lastClose} \\(`),
    );

    // On 1M the 50-day average is drawn over the line, the choice kept after a reload.
    await history.getByRole('button', { name: '1M' }).click();
    await history.getByRole('button', { name: 'SMA 50' }).click();
    await expect(page).toHaveURL(/[?&]overlays=sma50%2Cvolume/);
    await page.reload();
    await expect(
      history.getByRole('img', { name: /compared with SPY in percent, with SMA 50$/ }),
    ).toBeVisible();
  });
});

test.describe('ETFs', () => {
  test('lists the major ETFs, filters them and opens one', async ({ signedInPage: page }) => {
    await page.goto(paths.etfs);
    await expect(page.getByRole('heading', { level: 1, name: 'ETFs' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Symbol',
      'Name',
      'Price',
      'Change',
      'Volume',
    ]);
    const rows = table.locator('tbody tr');
    await expect(rows.filter({ hasText: 'SPY' })).toHaveCount(1);
    expect(await rows.count()).toBeGreaterThanOrEqual(16);
    for (const symbol of ['QQQ', 'DIA', 'IWM', 'VTI', 'VOO', 'AGG', 'GLD', 'TLT', 'XLK']) {
      await expect(table.getByRole('link', { name: symbol, exact: true })).toBeVisible();
    }
    await expect(
      page.getByText(/^Prices: Simulated data \(not real market data\) · Delayed 15 min, as of /),
    ).toBeVisible();

    const filter = page.getByRole('searchbox', { name: 'Search ETFs' });
    await filter.fill('treasury');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('TLT');
    await filter.fill('nothing like this');
    await expect(rows).toHaveText(['No ETFs match "nothing like this".']);
    await filter.fill('spy');
    await rows.filter({ hasText: 'SPY' }).getByRole('cell').nth(2).click();

    await expect(page).toHaveURL(new RegExp(`${stockPath('SPY')}$`));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toContainText('S&P 500');
    await expect(main.getByText('ETF', { exact: true })).toBeVisible();
    await expect(priceChart(page, 'SPY')).toBeVisible();
    await expect(main.getByRole('region', { name: 'Fund profile' })).toBeVisible();
    await expect(
      main.getByRole('region', { name: 'Key statistics' }).getByText('Dividend yield'),
    ).toBeVisible();
    await main.getByRole('link', { name: 'Back to ETFs' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.etfs}$`));
  });
});

test('the landing page loads none of the dashboard, search or chart code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(paths.home);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((path) =>
      /dashboard|stock-detail|security-list|etfs-page|stocks-page|symbol-search|chart/.test(path),
    ),
  ).toEqual([]);
});
