import type { PrerenderedPath } from '@tickerwise/shared';
import { paths } from '@tickerwise/shared';
import type { ComponentType } from 'react';

/** Loads the component of one prerendered page: its own chunk. */
export type PageLoader = () => Promise<ComponentType>;

/** One of the Product menu's pages, which share a module (docs/PRODUCT.md §3.29). */
const featurePage =
  (name: 'AiFeaturePage' | 'AlertsFeaturePage' | 'SocialFeaturePage'): PageLoader =>
  async () =>
    (await import('../features/product/feature-page.tsx'))[name];

/** A Product menu page with a live example of its feature's screen. */
const featurePageWithExample =
  (name: 'AnalysisFeatureRoute' | 'PortfolioFeatureRoute'): PageLoader =>
  async () =>
    (await import('./routes/feature-example-routes.tsx'))[name];

/**
 * The page of every prerendered address (`prerenderedPaths`), each in its own chunk. The route
 * table gives them to React Router; the public entry (`public-main.tsx`) hydrates a page with
 * its loader alone, without the router or any other page (ADR 77).
 */
export const publicPages: Record<PrerenderedPath, PageLoader> = {
  [paths.home]: async () => (await import('../features/marketing/landing-page.tsx')).Component,
  [paths.pricing]: async () => (await import('../features/billing/pricing-page.tsx')).Component,
  [paths.calculator]: async () => (await import('../features/tools/calculator-page.tsx')).Component,
  [paths.riskAssessment]: async () =>
    (await import('../features/tools/risk-assessment-page.tsx')).Component,
  [paths.templates]: async () => (await import('../features/tools/templates-page.tsx')).Component,
  [paths.featureAi]: featurePage('AiFeaturePage'),
  [paths.featureAnalysis]: featurePageWithExample('AnalysisFeatureRoute'),
  [paths.featurePortfolio]: featurePageWithExample('PortfolioFeatureRoute'),
  [paths.featureAlerts]: featurePage('AlertsFeaturePage'),
  [paths.featureSocial]: featurePage('SocialFeaturePage'),
  [paths.courses]: async () => (await import('../features/learn/courses-page.tsx')).Component,
  [paths.help]: async () => (await import('../features/help/help-page.tsx')).Component,
  [paths.community]: async () =>
    (await import('../features/community/community-preview-page.tsx')).Component,
  [paths.docs]: async () => (await import('../features/developer/docs-page.tsx')).Component,
  [paths.strategies]: async () =>
    (await import('../features/guides/guide-page.tsx')).StrategiesGuidePage,
  [paths.riskManagement]: async () =>
    (await import('../features/guides/guide-page.tsx')).RiskManagementGuidePage,
  [paths.gettingStarted]: async () =>
    (await import('../features/guides/getting-started-page.tsx')).Component,
  [paths.videos]: async () => (await import('../features/guides/videos-page.tsx')).Component,
  [paths.glossary]: async () => (await import('../features/guides/glossary-page.tsx')).Component,
  [paths.caseStudy]: async () =>
    (await import('../features/marketing/case-study-page.tsx')).Component,
  [paths.about]: async () => (await import('../features/marketing/about-page.tsx')).Component,
  [paths.team]: async () => (await import('../features/marketing/team-page.tsx')).Component,
  [paths.careers]: async () => (await import('../features/marketing/careers-page.tsx')).Component,
  [paths.partners]: async () => (await import('../features/marketing/partners-page.tsx')).Component,
  [paths.contact]: async () => (await import('../features/marketing/contact-page.tsx')).Component,
  [paths.support]: async () => (await import('../features/marketing/support-page.tsx')).Component,
};
