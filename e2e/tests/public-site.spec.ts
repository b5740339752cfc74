import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  entitlementsFor,
  investmentPlanCsv,
  paths,
  portfolioTemplateCsv,
  prerenderedPaths,
  watchlistTemplateCsv,
} from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/** The free tools and the Product menu's pages, with their h1 (docs/PRODUCT.md §3.29). */
const sitePages: Array<[path: string, heading: string]> = [
  [paths.calculator, 'Investment Calculator'],
  [paths.riskAssessment, 'Risk Assessment'],
  [paths.templates, 'Portfolio Templates'],
  [paths.featureAi, 'An analyst that shows its working'],
  [paths.featureAnalysis, 'Quotes, history and a screener for US stocks and ETFs'],
  [paths.featurePortfolio, 'Every holding, valued to the cent'],
  [paths.featureAlerts, 'Hear about the move you were waiting for'],
  [paths.featureSocial, 'Discuss ideas with investors, not promoters'],
  [paths.help, 'How can we help?'],
  [paths.community, 'What investors are discussing'],
  [paths.docs, 'The Tickerwise API'],
  [paths.strategies, 'Investment strategies: value, growth, income and index'],
  [paths.riskManagement, 'Risk management: position sizing, diversification and rebalancing'],
];

/** The layout shifts the page has had so far, added up (Cumulative Layout Shift, roughly). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test.describe('the public site’s pages', () => {
  for (const [path, heading] of sitePages) {
    test(`${path} arrives as its own prerendered page and hydrates without a shift`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`data-page="${path}"`);
      expect(html).toContain(heading);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+${path}" />`));
      expect(html).toContain('<meta property="og:image"');
      const titles = html.match(/<title>[^<]+<\/title>/g) ?? [];
      expect(titles).toHaveLength(1);
      expect(html).not.toContain('10,000+ Active Investors');

      await gotoReady(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // axe runs on every public page in public-a11y.spec.ts.
      expect(await layoutShift(page)).toBeLessThan(0.02);
    });
  }

  test('every prerendered page has its own title', async ({ request }) => {
    const titles = await Promise.all(
      prerenderedPaths.map(async (path) => {
        const html = await (await request.get(path)).text();
        return /<title>([^<]+)<\/title>/.exec(html)?.[1];
      }),
    );
    expect(new Set(titles).size).toBe(prerenderedPaths.length);
  });

  test('the sitemap lists the new pages and robots.txt keeps crawlers out of the app', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const [path] of sitePages) expect(sitemap).toContain(`${path}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /api');
  });

  test('the pages are reached from the header menus', async ({ page }) => {
    await gotoReady(page, paths.home);
    await page.getByRole('button', { name: 'Product', exact: true }).click();
    await page.getByRole('menuitem', { name: /AI Market Analysis/ }).click();
    await expect(page).toHaveURL(/\/features\/ai$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'An analyst that shows its working',
    );
    await expect(page).toHaveTitle('AI Market Analysis | Tickerwise');
  });
});

test.describe('the investment calculator', () => {
  test('projects the figures it is given, shares them by address and names a bad one', async ({
    page,
  }) => {
    await gotoReady(
      page,
      `${paths.calculator}?start=1000&monthly=0&years=1&return=12&fee=0&inflation=3`,
    );
    const result = page.getByRole('region', { name: 'Result' });
    // By hand: 1% a month for 12 months, each month rounded to the cent (compound-growth.test.ts).
    await expect(result.getByText('$1,126.84', { exact: true })).toBeVisible();
    await expect(result).toContainText('would buy what $1,094.02 buys now');
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);

    await page.getByRole('textbox', { name: 'Years' }).fill('2');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(page).toHaveURL(/years=2/);
    await page.getByLabel('Show the table in today’s money').check();
    await expect(table.getByRole('columnheader', { name: 'Today’s money' })).toBeVisible();
    await expect(page).toHaveURL(/real=1/);

    await page.getByRole('textbox', { name: 'Yearly fee (%)' }).fill('abc');
    await expect(
      page.getByText('Enter a yearly fee from 0% to 10%, at most two decimals'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Yearly fee (%)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('fits the screen: nothing wider than the page but the table’s own scroller', async ({
      page,
    }) => {
      await gotoReady(page, paths.calculator);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

test.describe('the risk assessment', () => {
  test('asks for every answer, then shows a profile and its worst year on our history', async ({
    page,
  }) => {
    await gotoReady(page, paths.riskAssessment);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/'))
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'See my profile' }).click();
    await expect(page.getByText('Answer every question first: 10 left.')).toBeVisible();

    // The keyboard alone: each group's first answer, then the arrow key picks the third.
    const groups = page.getByRole('main').getByRole('group');
    await expect(groups).toHaveCount(10);
    for (let index = 0; index < 10; index++) {
      await groups.nth(index).getByRole('radio').first().focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
    }
    await page.getByRole('button', { name: 'See my profile' }).press('Enter');
    // Ten answers of 2 points: 20, the Growth band (19 to 24).
    const result = page.getByRole('heading', { name: 'Your profile: Growth' });
    await expect(result).toBeFocused();
    await expect(page.getByText('Score 20 of 30')).toBeVisible();
    await expect(page.getByText('80% stocks', { exact: false })).toBeVisible();
    const history = page.getByRole('main').getByRole('status');
    await expect(history).toContainText(/worst calendar year .* was \d{4}: [+-]?\d/);
    await expect(history).toContainText('simulated');
    // The one call is for the funds' history, with nothing of the answers in it.
    expect(sent).toEqual(['GET /api/tools/allocation-years']);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the templates', () => {
  test('each downloads the file the page shows', async ({ page }) => {
    await gotoReady(page, paths.templates);
    const files = [
      ['tickerwise-transactions-template.csv', portfolioTemplateCsv()],
      ['tickerwise-watchlist.csv', watchlistTemplateCsv()],
      ['tickerwise-investment-plan.csv', investmentPlanCsv()],
    ] as const;
    for (const [name, text] of files) {
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: `Download ${name}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(name);
      expect(await readFile(await file.path(), 'utf8')).toBe(text);
    }
  });
});

test.describe('a feature page', () => {
  test('shows each plan’s limits from the entitlements table', async ({ page }) => {
    await gotoReady(page, paths.featureAi);
    const row = page.getByRole('row', { name: /Written analyses and questions a day/ });
    await expect(row.getByRole('cell')).toHaveText([
      'Not included',
      String(entitlementsFor('pro').aiCallsPerDay),
      String(entitlementsFor('enterprise').aiCallsPerDay),
      String(entitlementsFor('alpha').aiCallsPerDay),
    ]);
    await page.getByRole('link', { name: 'Compare plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('the help centre', () => {
  test('searches the answers in the browser and opens one by its anchor', async ({ page }) => {
    await gotoReady(page, `${paths.help}#ai-credits`);
    await expect(
      page.getByRole('heading', { name: 'How many AI credits do I get?' }),
    ).toBeInViewport();
    const search = page.getByRole('searchbox', { name: 'Search the answers' });
    await search.fill('recovery codes');
    await expect(page.getByText(/^1 of \d+ answers match$/)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Can I protect my account with a second step?' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'API', level: 2 })).toBeHidden();
    await search.fill('zebra');
    await expect(
      page.getByText('No answers match your search. Try fewer or other words.'),
    ).toBeVisible();
  });
});
