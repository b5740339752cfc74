import type { Page } from '@playwright/test';
import { dayChangeWord, type MarketStatusResponse, paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** Symbols no other spec holds, so moving their prices disturbs nothing else. */
const held = 'NKE';
const boughtToday = 'COST';

/**
 * A portfolio through the API: 5,000 put in, 10 `held` bought 40 days ago at 150, 5
 * `boughtToday` bought today at 100 (3,000 left in cash). Days count back from the market's
 * session (the simulated market runs at a fixed date, not the machine's).
 */
async function portfolioWithHoldings(page: Page, origin: string): Promise<void> {
  const headers = { origin };
  const created = await page.request.post('/api/portfolios', {
    headers,
    data: { name: 'Live' },
  });
  const { portfolio } = (await created.json()) as { portfolio: { id: string } };
  const { market } = (await (
    await page.request.get('/api/market/status')
  ).json()) as MarketStatusResponse;
  const today = Date.parse(`${market.session}T12:00:00Z`);
  const day = (daysAgo: number) =>
    new Date(today - daysAgo * 86_400_000).toISOString().slice(0, 10);
  for (const data of [
    { kind: 'deposit', date: day(40), amount: '5000' },
    { kind: 'buy', date: day(40), symbol: held, quantity: '10', price: '150' },
    { kind: 'buy', date: day(0), symbol: boughtToday, quantity: '5', price: '100' },
  ]) {
    const answer = await page.request.post(`/api/portfolios/${portfolio.id}/transactions`, {
      headers,
      data,
    });
    expect(answer.status()).toBe(201);
  }
}

const symbolsNamed = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/live/symbols') && response.ok());

test.describe('live portfolio on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a real-time plan's holding card and portfolio value move with a live price, without a reload", async ({
    page,
    signUp,
    baseURL,
    moveSimulatedPrice,
  }) => {
    await signUp({ plan: 'alpha' });
    await portfolioWithHoldings(page, baseURL ?? '');
    await moveSimulatedPrice(held, 200);
    await moveSimulatedPrice(boughtToday, 100);

    const named = symbolsNamed(page);
    await page.goto(paths.portfolio);
    const card = page
      .getByRole('region', { name: 'Holdings' })
      .getByRole('listitem')
      .filter({ hasText: boughtToday });
    const price = card.locator(`[data-live-price="${boughtToday}"]`);
    await expect(price).toHaveText('$100.00');
    const summary = (label: string) =>
      page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('..');
    const total = summary('Total value');
    // 10 x 200 + 5 x 100 + 3,000 cash.
    await expect(total).toContainText('$5,500.00');
    await page.evaluate(() => {
      (window as { stillTheSamePage?: boolean }).stillTheSamePage = true;
    });
    await named;

    await moveSimulatedPrice(boughtToday, 104);

    await expect(price).toHaveText('$104.00');
    // Bought today at 100: the day's change is from the buy price, 5 x 4 ("today" only while
    // a session runs).
    const { market } = (await (
      await page.request.get('/api/market/status')
    ).json()) as MarketStatusResponse;
    await expect(card).toContainText(`+$20.00 ${dayChangeWord(market)}`);
    await expect(card).toContainText('$520.00');
    await expect(total).toContainText('$5,520.00');
    await expect(summary('Unrealised gain')).toContainText('+$520.00');
    expect(
      await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);

    // The dashboard home's Portfolio Value moves too.
    const home = symbolsNamed(page);
    await page.goto(paths.dashboard);
    const value = page.getByText('Portfolio Value', { exact: true }).locator('../..');
    await expect(value).toContainText('$5,520.00');
    await home;

    await moveSimulatedPrice(held, 210);

    await expect(value).toContainText('$5,620.00');
  });

  test('a Free portfolio keeps its delayed figures and follows no price live', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    await portfolioWithHoldings(page, baseURL ?? '');
    let named = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/live/symbols')) named = true;
    });
    await page.goto(paths.portfolio);
    await expect(
      page
        .getByRole('region', { name: 'Holdings' })
        .getByRole('listitem')
        .filter({ hasText: held }),
    ).toBeVisible();
    await expect(page.getByText(/Delayed 15 min/).first()).toBeVisible();
    await page.waitForTimeout(500);
    expect(named).toBe(false);
  });
});
