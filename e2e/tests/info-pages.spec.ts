import type { Page } from '@playwright/test';
import { paths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { expect, test } from '../support/fixtures.ts';

const main = (page: Page) => page.getByRole('main');

async function hrefsOf(page: Page, name: string | RegExp) {
  return main(page)
    .getByRole('link', { name })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}

test('case study: the challenge, the solution, the results, then Start Your Journey', async ({
  page,
}) => {
  await gotoReady(page, paths.caseStudy);
  await expect(main(page).getByRole('heading', { level: 2 })).toContainText([
    'The Challenge',
    'Our Solution',
    'The Results',
  ]);
  await main(page).getByRole('link', { name: 'Start Your Journey' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('getting started: four steps with their links and a Contact Support mail link', async ({
  page,
}) => {
  await gotoReady(page, paths.gettingStarted);
  const steps = main(page).getByRole('listitem');
  await expect(steps.getByRole('heading')).toHaveText([
    'Create Your Account',
    'Complete Your Profile',
    'Learn the Basics',
    'Join the Community',
  ]);
  const stepLinks = await steps
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(stepLinks).toEqual([
    '/signup',
    '#',
    '/dashboard/learn?open=first',
    '/dashboard/social/feed',
  ]);
  expect(await hrefsOf(page, 'Contact Support')).toEqual(['mailto:support@tickerwise.com']);
});

test('video tutorials: four tutorials with level, duration and thumbnail', async ({ page }) => {
  await gotoReady(page, paths.videos);
  const tutorials = main(page).getByRole('listitem');
  await expect(tutorials).toHaveCount(4);
  for (const tutorial of await tutorials.all()) {
    await expect(tutorial.getByRole('heading')).toHaveText(/\w+/);
    await expect(tutorial.getByText(/^(Beginner|Intermediate|Advanced)$/)).toBeVisible();
    await expect(tutorial.getByText(/^\d{1,2}:\d{2}$/).first()).toBeVisible();
    await expect(tutorial.locator('svg').first()).toBeVisible();
  }
  const levels = await main(page)
    .getByText(/^(Beginner|Intermediate|Advanced)$/)
    .allTextContents();
  expect(new Set(levels)).toEqual(new Set(['Beginner', 'Intermediate', 'Advanced']));
  const [request] = await hrefsOf(page, 'Request a Tutorial');
  expect(request).toMatch(/^mailto:[a-z]+@tickerwise\.com/);
});

test.describe('market glossary', () => {
  const terms = (page: Page) => main(page).getByRole('term');
  const search = (page: Page) => page.getByRole('searchbox', { name: 'Search the glossary' });

  test('lists 31 terms alphabetically', async ({ page }) => {
    await gotoReady(page, paths.glossary);
    const shown = await terms(page).allTextContents();
    expect(shown).toHaveLength(31);
    expect(shown).toEqual(
      [...shown].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
  });

  test('searches by term or definition, ignoring case', async ({ page }) => {
    await gotoReady(page, paths.glossary);
    await search(page).fill('BULL');
    await expect(terms(page)).toHaveText(['Bull Market']);
    await search(page).fill('profits');
    await expect(terms(page)).toHaveText(['Dividend']);
    await search(page).fill('market');
    await expect(terms(page)).toHaveText([
      'Bear Market',
      'Bull Market',
      'Market Capitalization',
      'Market Order',
      'Stop Order',
    ]);
  });

  test('says so when nothing matches, and shows all again when cleared', async ({ page }) => {
    await gotoReady(page, paths.glossary);
    await search(page).fill('zzzz');
    await expect(main(page).getByText('No terms found matching your search.')).toBeVisible();
    await expect(terms(page)).toHaveCount(0);
    await search(page).fill('');
    await expect(terms(page)).toHaveCount(31);
  });
});

test('about: mission, vision, the three values and the story', async ({ page }) => {
  await gotoReady(page, paths.about);
  for (const heading of ['Our Mission', 'Our Vision', 'Our Values', 'Our Story']) {
    await expect(main(page).getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(main(page).getByRole('heading', { level: 3 })).toHaveText([
    'Transparency',
    'Innovation',
    'Education',
  ]);
});

test('team: the founder profile, a LinkedIn link and Join Our Team', async ({ page }) => {
  await gotoReady(page, paths.team);
  await expect(main(page).getByRole('heading', { level: 2 }).first()).toHaveText('Alex Morgan');
  await expect(main(page).getByText('Founder and CEO')).toBeVisible();
  const [linkedIn] = await hrefsOf(page, /LinkedIn/);
  expect(linkedIn).toMatch(/^https:\/\/www\.linkedin\.com\//);
  expect(await hrefsOf(page, 'Join Our Team')).toEqual(['mailto:careers@tickerwise.com']);
});

test('careers: four remote full-time roles, each with an Apply mail link', async ({ page }) => {
  await gotoReady(page, paths.careers);
  const roles = [
    'Full Stack Developer',
    'Machine Learning Engineer',
    'Product Designer',
    'Marketing Lead',
  ];
  await expect(main(page).getByRole('heading', { level: 3 })).toHaveText(roles);
  for (const role of roles) {
    const card = main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: role }) });
    await expect(card.getByText('Remote')).toBeVisible();
    await expect(card.getByText('Full-time')).toBeVisible();
    const apply = card.getByRole('link', { name: `Apply for ${role}` });
    await expect(apply).toHaveText('Apply');
    await expect(apply).toHaveAttribute('href', /^mailto:careers@tickerwise\.com\?subject=/);
  }
});

test('partners: three cards with benefits and a contact mail link', async ({ page }) => {
  await gotoReady(page, paths.partners);
  const cards = main(page)
    .locator('ul > li')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) {
    expect(await card.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  }
  expect(await hrefsOf(page, 'Contact Partnerships')).toEqual(['mailto:partners@tickerwise.com']);
});

test('contact: four mail channels, office hours and reply time', async ({ page }) => {
  await gotoReady(page, paths.contact);
  const mailLinks = await main(page)
    .locator('a[href^="mailto:"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(mailLinks).toEqual([
    'mailto:hello@tickerwise.com',
    'mailto:support@tickerwise.com',
    'mailto:business@tickerwise.com',
    'mailto:press@tickerwise.com',
  ]);
  for (const channel of ['General', 'support', 'Business', 'Press']) {
    await expect(main(page).getByRole('heading', { name: new RegExp(channel) })).toBeVisible();
  }
  await expect(main(page).getByText('Monday to Friday, 9:00 AM to 5:00 PM EST')).toBeVisible();
  await expect(main(page).getByText(/within 24 hours on business days/)).toBeVisible();
});

test('help: search box, help links, four FAQ entries and support hours', async ({ page }) => {
  await gotoReady(page, paths.support);
  const search = page.getByRole('searchbox', { name: 'Search help articles' });
  await search.fill('cancel');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/help\?q=cancel$/);
  await expect(page.getByRole('searchbox', { name: 'Search the answers' })).toHaveValue('cancel');
  await expect(
    page.getByRole('heading', { name: 'What happens if I cancel a paid plan?' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How do I create an account?' })).toBeHidden();
  await page.goBack();
  const helpLinks = await main(page)
    .getByRole('link', { name: /Documentation|Community|Help Articles/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(helpLinks).toEqual(['/docs', '/community', '/help']);
  const questions = main(page).locator('summary');
  await expect(questions).toHaveText([
    /get started/i,
    /payment methods/i,
    /cancel/i,
    /AI analysis/i,
  ]);
  await questions.nth(2).click();
  await expect(main(page).getByText(/until the end of the current billing period/)).toBeVisible();
  await expect(main(page).getByText('Monday to Friday, 9am to 5pm EST')).toBeVisible();
});

test('the footer repeats the three link groups', async ({ page }) => {
  await gotoReady(page, paths.contact);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('heading')).toHaveText(['Resources', 'Product', 'About']);
  await expect(footer.getByRole('link')).toHaveCount(21);
  await footer.getByRole('link', { name: 'Video Tutorials' }).click();
  await expect(page).toHaveURL(/\/guides\/videos$/);
});

const publicPages = [
  paths.home,
  paths.caseStudy,
  paths.gettingStarted,
  paths.videos,
  paths.glossary,
  paths.about,
  paths.team,
  paths.careers,
  paths.partners,
  paths.contact,
  paths.support,
];

test('every public page has its own title and meta description', async ({ page }) => {
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  for (const path of publicPages) {
    await gotoReady(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Tickerwise/);
    seen.titles.add(await page.title());
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(60);
    seen.descriptions.add(description ?? '');
  }
  expect(seen.titles.size).toBe(publicPages.length);
  expect(seen.descriptions.size).toBe(publicPages.length);
});

for (const width of [1280, 390]) {
  test(`no public page scrolls sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    for (const path of publicPages) {
      await gotoReady(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
}
