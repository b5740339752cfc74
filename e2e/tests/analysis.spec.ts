import type { Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

/** Buys Pro through the API, as a user who already went through checkout. */
async function buyPro(page: Page, baseURL: string) {
  const response = await page.request.post('/api/billing/checkout', {
    headers: { origin: baseURL },
    data: {
      plan: 'pro',
      idempotencyKey: crypto.randomUUID(),
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    },
  });
  expect(response.status()).toBe(200);
}

const section = (page: Page) => page.getByRole('region', { name: 'AI Analysis' });
const credits = (page: Page) => page.getByText(/\d+ of \d+ AI credits used today/);

test.describe('AI Analysis', () => {
  test('Free sees the rating, the figures and the checks, and an upgrade prompt', async ({
    page,
    signUp,
  }) => {
    await signUp({ plan: 'free' });
    await page.goto(`${paths.stocks}/AAPL`);
    const analysis = section(page);
    await expect(analysis.getByText(/^Overall: .+ on a scale from −1/)).toBeAttached();
    await expect(analysis.getByRole('heading', { name: 'Technical rating' })).toBeVisible();
    await expect(analysis.getByText('Volatility (30 days, annualised)')).toBeVisible();
    await expect(analysis.getByText('Price to earnings').first()).toBeVisible();
    await expect(analysis.getByText(/Threshold: /).first()).toBeVisible();

    const votes = analysis.getByRole('button', { name: /All 26 votes/ });
    await expect(votes).toHaveAttribute('aria-expanded', 'false');
    await votes.click();
    await expect(analysis.getByText('Relative Strength Index (14)')).toBeVisible();

    await expect(analysis.getByText('Upgrade to Pro for the written analysis')).toBeVisible();
    await expect(analysis.getByRole('link', { name: 'See the plans' })).toBeVisible();
    await expect(analysis.getByRole('button', { name: 'Read the analysis' })).toHaveCount(0);
    await expect(analysis.getByText(/Not investment advice/).first()).toBeVisible();
  });

  test('Pro opens the analysis for one credit, re-opens it free, and the AI Credits card follows', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp({ plan: 'free' });
    await buyPro(page, baseURL as string);
    await page.goto(paths.dashboard);
    await expect(credits(page)).toHaveText('0 of 50 AI credits used today');

    await page.goto(`${paths.stocks}/MSFT`);
    const analysis = section(page);
    await expect(
      analysis.getByText(/Opening it uses 1 AI credit \(50 of 50 left today\)/),
    ).toBeVisible();
    await analysis.getByRole('button', { name: 'Read the analysis' }).click();
    const written = analysis.getByRole('article', { name: 'Written analysis' });
    for (const title of [
      'Summary',
      'Trend and momentum',
      'Valuation and quality',
      'Risks',
      'What to watch',
    ]) {
      await expect(written.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(
      written.getByText(/Data as of .+ · Written by the language model fake-analyst-1/),
    ).toBeVisible();
    await expect(written.getByText('Not investment advice.')).toBeVisible();

    // Reading it again the same day is free: it shows at once, and the count stays at 1.
    await page.reload();
    await expect(section(page).getByRole('article', { name: 'Written analysis' })).toBeVisible();
    await expect(section(page).getByRole('button', { name: 'Read the analysis' })).toHaveCount(0);

    await page.goto(paths.dashboard);
    await expect(credits(page)).toHaveText('1 of 50 AI credits used today');
    await expect(page.getByRole('link', { name: /Read the analysis of MSFT/ })).toBeVisible();
  });

  test('answers a question with the language model, and declines to give advice', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp({ plan: 'free' });
    await buyPro(page, baseURL as string);
    await page.goto(`${paths.stocks}/NVDA`);
    const analysis = section(page);
    const box = analysis.getByLabel('Your question about NVDA');
    await box.fill('How volatile has it been lately?');
    await analysis.getByRole('button', { name: 'Ask' }).click();
    await expect(
      analysis.getByText(/Answered by fake-analyst-1, every figure checked/),
    ).toBeVisible();

    await box.fill('Should I buy NVDA now?');
    await analysis.getByRole('button', { name: 'Ask' }).click();
    await expect(analysis.getByText(/does not tell you whether to buy or sell/)).toBeVisible();
    await expect(analysis.getByText(/No credit was used/)).toBeVisible();
  });
});
