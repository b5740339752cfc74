import { comingSoonPaths, paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { inParts } from '../support/walk.ts';

const publicPages: Array<[path: string, heading: RegExp]> = [
  [paths.home, /.+/],
  [paths.caseStudy, /case study/i],
  [paths.pricing, /choose your plan/i],
  [paths.gettingStarted, /getting started/i],
  [paths.videos, /video tutorials/i],
  [paths.glossary, /market glossary/i],
  [paths.about, /about/i],
  [paths.team, /founder/i],
  [paths.careers, /careers/i],
  [paths.partners, /partners/i],
  [paths.contact, /contact/i],
  [paths.support, /help/i],
  [paths.login, /welcome back/i],
  [paths.calculator, /investment calculator/i],
  [paths.riskAssessment, /risk assessment/i],
  [paths.templates, /portfolio templates/i],
  [paths.featureAi, /analyst/i],
  [paths.featureAnalysis, /screener/i],
  [paths.featurePortfolio, /holding/i],
  [paths.featureAlerts, /move/i],
  [paths.featureSocial, /investors/i],
  [paths.courses, /learn investing/i],
  [paths.help, /how can we help/i],
  [paths.community, /investors are discussing/i],
  [paths.docs, /tickerwise api/i],
  [paths.strategies, /investment strategies/i],
  [paths.riskManagement, /risk management/i],
];

test.describe('public routes', () => {
  for (const pages of inParts(publicPages, 3)) {
    test(`${pages[0]?.[0]} to ${pages.at(-1)?.[0]} render their pages`, async ({ page }) => {
      test.setTimeout(45_000 + pages.length * 5_000);
      for (const [path, heading] of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
          await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
        });
      }
    });
  }

  test('sign-up without a chosen plan goes to pricing', async ({ page }) => {
    await page.goto(paths.signup);
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('protected routes', () => {
  const protectedPaths = [
    paths.dashboard,
    paths.stocks,
    `${paths.stocks}/AAPL`,
    paths.etfs,
    ...comingSoonPaths,
  ];
  test('each sends a signed-out visitor to /login', async ({ page }) => {
    test.setTimeout(45_000 + protectedPaths.length * 5_000);
    for (const path of protectedPaths) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      });
    }
  });
});

test('unknown paths redirect to /', async ({ page }) => {
  for (const path of ['/no-such-page', '/dashboard/nothing/here', '/tools', '/features']) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

test('the logo goes home from a public page', async ({ page }) => {
  await page.goto(paths.about);
  await page.getByRole('link', { name: 'Tickerwise' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers unknown paths with JSON, not the app', async ({ request }) => {
  const response = await request.get('/api/nope');
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('not_found');
});
