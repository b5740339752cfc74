import { paths } from '@tickerwise/shared';
import { gotoReady } from '../support/app-ready.ts';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const publicPages = [
  paths.home,
  paths.caseStudy,
  paths.pricing,
  paths.courses,
  paths.login,
  paths.gettingStarted,
  paths.videos,
  paths.glossary,
  paths.about,
  paths.team,
  paths.careers,
  paths.partners,
  paths.contact,
  paths.support,
  paths.calculator,
  paths.riskAssessment,
  paths.templates,
  paths.featureAi,
  paths.featureAnalysis,
  paths.featurePortfolio,
  paths.featureAlerts,
  paths.featureSocial,
  paths.help,
  paths.community,
  paths.docs,
  paths.strategies,
  paths.riskManagement,
];

test.describe('accessibility of the public site', () => {
  for (const path of publicPages) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await gotoReady(page, path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('an open header menu has no serious or critical axe violations', async ({ page }) => {
    await gotoReady(page, paths.home);
    await page.getByRole('button', { name: 'Resources', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the open menu panel has no serious or critical axe violations', async ({ page }) => {
      await gotoReady(page, paths.home);
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});
