import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  entitlementsFor,
  formatPrice,
  investmentPlanCsv,
  paths,
  plans,
  portfolioTemplateCsv,
  prerenderedPaths,
  settingsPath,
  watchlistTemplateCsv,
} from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/** The public pages but the landing page, with their h1 (docs/PRODUCT.md §2.1, §3.29). */
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
  [paths.pricing, 'Choose Your Plan'],
  [paths.courses, 'Learn investing by doing it'],
  [paths.gettingStarted, 'Getting Started with Tickerwise'],
  [paths.videos, 'Video Tutorials'],
  [paths.glossary, 'Market Glossary'],
  [paths.caseStudy, 'Case Study: from headlines to a plan'],
  [paths.about, 'About Tickerwise'],
  [paths.team, 'Meet the Founder'],
  [paths.careers, 'Careers at Tickerwise'],
  [paths.partners, 'Grow with Tickerwise Partners'],
  [paths.contact, 'Contact Us'],
  [paths.support, 'Help Center'],
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
      // What waited for the app (see "before the app runs" below) answers once it runs.
      await expect(page.locator(waitingControls)).toHaveCount(0);
    });
  }

  test('the pricing page paints every plan and price before its scripts run, and courses its header', async ({
    request,
  }) => {
    const pricing = await (await request.get(paths.pricing)).text();
    for (const plan of plans) {
      expect(pricing).toContain(`aria-label="${plan.name} plan"`);
      expect(pricing).toContain(formatPrice(plan.price));
    }
    expect(pricing).toContain('<title>Plans and Pricing | Tickerwise</title>');
    const courses = await (await request.get(paths.courses)).text();
    expect(courses).toContain('<title>Learning Courses | Tickerwise</title>');
    // React marks the figure's edges in the markup with empty comments.
    expect(courses.replaceAll('<!-- -->', '')).toContain(
      `The Free plan opens ${entitlementsFor('free').courses} courses of your choice`,
    );
  });

  test('the courses page fills in the catalogue once the app runs, without a shift', async ({
    page,
  }) => {
    await gotoReady(page, paths.courses);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    // The catalogue comes from the API after the app has taken the page over.
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    expect(await layoutShift(page)).toBeLessThan(0.02);
  });

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

/**
 * A control that cannot answer without the app: a button that is not a real form's submit, or
 * a field outside a real form (one with an `action`), neither disabled; a link to nowhere.
 */
const deadControls = [
  'button:enabled:not(form[action] button:is([type="submit"], :not([type])))',
  ':is(input:not([type="hidden"]), select, textarea):enabled:not(form[action] *)',
  '[role="button"]:not(button, [aria-disabled="true"])',
  'a:is([href="#"], [href=""], [href^="javascript:"])',
].join(', ');

/** What a prerendered page renders disabled until the app runs it. */
const waitingControls = ':is(button, input, select, textarea):disabled';

/**
 * docs/PRODUCT.md §3.8 gives the Getting Started page's profile step the link '#' (there is no
 * public profile page to send a visitor to).
 */
const knownDeadLinks: Record<string, string[]> = {
  [paths.gettingStarted]: ['Complete your profile'],
};

test.describe('before the app runs', () => {
  test('every prerendered page’s buttons and fields are links, real forms or disabled', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      try {
        const page = await context.newPage();
        for (const path of prerenderedPaths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          const dead = (await page.locator(deadControls).allTextContents()).map((text) =>
            text.trim(),
          );
          expect(dead, `${path} at ${width} px`).toEqual(knownDeadLinks[path] ?? []);
        }
      } finally {
        await context.close();
      }
    }
  });

  test('a plan chosen on the pricing page before its script has arrived opens sign-up for it', async ({
    page,
    consoleErrors,
  }) => {
    // The pricing page's scripts never arrive; the page it leads to loads as usual.
    consoleErrors.allow(/Failed to load resource: net::ERR_FAILED/, 'its scripts are blocked');
    let blockScripts = true;
    await page.route(/\.js(\?|$)/, (route) => (blockScripts ? route.abort() : route.continue()));
    await page.goto(paths.pricing);
    const pro = page.getByRole('article', { name: 'Pro plan' });
    await expect(pro.getByRole('link', { name: 'Get Started' })).toBeVisible();
    expect(
      await page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) =>
          key.startsWith('__reactContainer$'),
        ),
      ),
    ).toBe(false);
    blockScripts = false;
    await pro.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup\?plan=pro$/);
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByText("You're signing up for the Pro plan.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account - Pro Plan' })).toBeVisible();
  });

  test('with no script at all, each plan’s button is a link to sign-up for that plan', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(paths.pricing);
      for (const plan of plans) {
        await expect(
          page.getByRole('article', { name: `${plan.name} plan` }).getByRole('link', {
            name: 'Get Started',
          }),
        ).toHaveAttribute('href', `${paths.signup}?plan=${plan.tier}`);
      }
      // The header's menus lead to the footer's columns of the same links.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Product' })
        .click();
      await expect(page).toHaveURL(/#site-footer-product$/);
      await expect(
        page
          .getByRole('navigation', { name: 'Footer' })
          .getByRole('link', { name: 'AI Market Analysis' }),
      ).toBeInViewport();
    } finally {
      await context.close();
    }
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

test.describe('saving the risk profile', () => {
  test('keeps the answers in this browser until a signed-in user chooses to save them', async ({
    page,
    signUp,
  }) => {
    const sent: Array<{ request: string; body: string | null }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/'))
        sent.push({
          request: `${request.method()} ${new URL(request.url()).pathname}`,
          body: request.postData(),
        });
    });
    await gotoReady(page, paths.riskAssessment);
    const groups = page.getByRole('main').getByRole('group');
    for (let index = 0; index < 10; index++)
      await groups.nth(index).getByRole('radio').nth(2).check();
    await page.getByRole('button', { name: 'See my profile' }).click();
    await expect(page.getByRole('heading', { name: 'Your profile: Growth' })).toBeVisible();
    await expect(page.getByText('Your answers are kept in this browser only.')).toBeVisible();

    // Signed up (the session comes with the browser's cookies), the answers are offered for saving.
    await signUp();
    await gotoReady(page, settingsPath('profile'));
    const panel = page.getByRole('region', { name: 'Risk profile' });
    await expect(panel).toContainText(
      'This browser holds your answers to the risk assessment: Growth, score 20 of 30',
    );
    // Until the user chooses, no request has carried the answers.
    expect(sent.filter(({ request }) => request === 'PUT /api/me/risk-profile')).toEqual([]);
    expect(sent.filter(({ body }) => body?.includes('answers'))).toEqual([]);

    await panel.getByRole('button', { name: 'Save to my account' }).click();
    await expect(panel).toContainText(/Growth · score 20 of 30 · saved/);
    const saves = sent.filter(({ request }) => request === 'PUT /api/me/risk-profile');
    expect(saves.map(({ body }) => JSON.parse(body ?? 'null'))).toEqual([
      { answers: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2] },
    ]);
    // Saved, the answers are the account's: the browser no longer keeps a copy.
    expect(await page.evaluate(() => localStorage.getItem('tickerwise.risk-answers'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Risk profile' })).toContainText(
      /Growth · score 20 of 30 · saved/,
    );
  });
});

test.describe('the feature pages’ live examples', () => {
  test('/features/analysis shows today’s analysis of one stock, labelled simulated, without a shift', async ({
    page,
  }) => {
    await gotoReady(page, paths.featureAnalysis);
    const example = page.getByRole('region', { name: 'Today’s analysis of one stock' });
    await expect(example.getByRole('heading', { name: /\(AAPL\)$/ })).toBeVisible();
    await expect(example.getByText('Simulated data, not real prices')).toBeVisible();
    await expect(example.getByRole('region', { name: 'Fundamentals checklist' })).toBeVisible();
    await expect(example).toContainText(
      /Rating: simulated data \(not real market data\) · through/,
    );
    expect(await layoutShift(page)).toBeLessThan(0.02);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/features/portfolio shows the worked example with its hand-computed figures', async ({
    page,
  }) => {
    await gotoReady(page, paths.featurePortfolio);
    const example = page.getByRole('region', { name: 'A worked example portfolio' });
    const totals = example.getByRole('definition');
    await expect(example.getByRole('rowheader')).toHaveText(['SPY', 'AAPL'], {
      useInnerText: true,
    });
    await expect(example).toContainText('Realised gain+$173.75');
    await expect(example).toContainText('Cash$2,613.00');
    await expect(totals).toHaveCount(4);
    expect(await layoutShift(page)).toBeLessThan(0.02);
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
