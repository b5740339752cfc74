import { certificateRoute, comingSoonPaths, communityUserRoute, paths } from '@tickerwise/shared';
import { Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '../lib/session/auth-guards.tsx';
import { MarketingLayout } from './layouts/marketing-layout.tsx';
import { RouteError } from './route-error.tsx';

/** `/dashboard/*`'s guard, showing the dashboard's shell (its own chunk) while it waits. */
async function dashboardGuard() {
  const { DashboardShell } = await import('./layouts/dashboard-shell.tsx');
  return { element: <RequireAuth pending={<DashboardShell />} /> };
}

/** One of the Product menu's pages, which share a module (docs/PRODUCT.md §3.29). */
async function featurePage(name: 'AiFeaturePage' | 'AlertsFeaturePage' | 'SocialFeaturePage') {
  const pages = await import('../features/product/feature-page.tsx');
  return { Component: pages[name] };
}

/** A Product menu page with a live example of its feature's screen. */
async function featurePageWithExample(name: 'AnalysisFeatureRoute' | 'PortfolioFeatureRoute') {
  const pages = await import('./routes/feature-example-routes.tsx');
  return { Component: pages[name] };
}

/** TanStack Query for the screens that use the API; the public pages never load it. */
const queryBoundary = () => import('./query-boundary.tsx');

/**
 * The route table of docs/PRODUCT.md §2. Every screen is its own chunk, so the landing page
 * loads no dashboard, chart or checkout code. `main.tsx` creates the browser router from it.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      {
        element: <MarketingLayout />,
        children: [
          { index: true, lazy: () => import('../features/marketing/landing-page.tsx') },
          {
            path: paths.caseStudy,
            lazy: () => import('../features/marketing/case-study-page.tsx'),
          },
          { path: paths.about, lazy: () => import('../features/marketing/about-page.tsx') },
          { path: paths.team, lazy: () => import('../features/marketing/team-page.tsx') },
          { path: paths.careers, lazy: () => import('../features/marketing/careers-page.tsx') },
          { path: paths.partners, lazy: () => import('../features/marketing/partners-page.tsx') },
          { path: paths.contact, lazy: () => import('../features/marketing/contact-page.tsx') },
          { path: paths.support, lazy: () => import('../features/marketing/support-page.tsx') },
          {
            path: paths.gettingStarted,
            lazy: () => import('../features/guides/getting-started-page.tsx'),
          },
          { path: paths.videos, lazy: () => import('../features/guides/videos-page.tsx') },
          { path: paths.glossary, lazy: () => import('../features/guides/glossary-page.tsx') },
          {
            path: paths.calculator,
            lazy: () => import('../features/tools/calculator-page.tsx'),
          },
          {
            path: paths.riskAssessment,
            lazy: () => import('../features/tools/risk-assessment-page.tsx'),
          },
          { path: paths.templates, lazy: () => import('../features/tools/templates-page.tsx') },
          { path: paths.featureAi, lazy: () => featurePage('AiFeaturePage') },
          {
            path: paths.featureAnalysis,
            lazy: () => featurePageWithExample('AnalysisFeatureRoute'),
          },
          {
            path: paths.featurePortfolio,
            lazy: () => featurePageWithExample('PortfolioFeatureRoute'),
          },
          { path: paths.featureAlerts, lazy: () => featurePage('AlertsFeaturePage') },
          { path: paths.featureSocial, lazy: () => featurePage('SocialFeaturePage') },
          { path: paths.help, lazy: () => import('../features/help/help-page.tsx') },
          {
            path: paths.community,
            lazy: () => import('../features/community/community-preview-page.tsx'),
          },
          { path: paths.docs, lazy: () => import('../features/developer/docs-page.tsx') },
          {
            path: paths.strategies,
            lazy: async () => ({
              Component: (await import('../features/guides/guide-page.tsx')).StrategiesGuidePage,
            }),
          },
          {
            path: paths.riskManagement,
            lazy: async () => ({
              Component: (await import('../features/guides/guide-page.tsx'))
                .RiskManagementGuidePage,
            }),
          },
          {
            lazy: queryBoundary,
            children: [
              { path: paths.pricing, lazy: () => import('../features/billing/pricing-page.tsx') },
              {
                path: paths.planChange,
                lazy: () => import('../features/billing/plan-change-page.tsx'),
              },
              { path: paths.payment, lazy: () => import('../features/billing/payment-page.tsx') },
              { path: paths.courses, lazy: () => import('../features/learn/courses-page.tsx') },
            ],
          },
        ],
      },
      {
        lazy: queryBoundary,
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: paths.signup, lazy: () => import('../features/auth/signup-page.tsx') },
              { path: paths.login, lazy: () => import('../features/auth/login-page.tsx') },
              {
                path: paths.forgotPassword,
                lazy: () => import('../features/auth/forgot-password-page.tsx'),
              },
            ],
          },
          {
            // Reached from an email, perhaps in a browser that is signed in: no redirect.
            path: paths.resetPassword,
            lazy: () => import('../features/auth/reset-password-page.tsx'),
          },
          {
            // From the emails about a change of address, signed in or not.
            path: paths.confirmEmailChange,
            lazy: () => import('../features/auth/confirm-email-change-page.tsx'),
          },
          {
            path: paths.undoEmailChange,
            lazy: () => import('../features/auth/undo-email-change-page.tsx'),
          },
          {
            // Public: a course certificate anyone with the link may check.
            path: certificateRoute,
            lazy: () => import('../features/learn/certificate-page.tsx'),
          },
          {
            path: paths.dashboard,
            // While the app asks who is signed in, the shell the page painted stays on screen.
            lazy: dashboardGuard,
            children: [
              {
                lazy: () => import('./layouts/dashboard-layout.tsx'),
                children: [
                  { index: true, lazy: () => import('../features/dashboard/dashboard-home.tsx') },
                  { path: paths.stocks, lazy: () => import('../features/stocks/stocks-page.tsx') },
                  {
                    path: paths.screener,
                    lazy: () => import('../features/screener/screener-page.tsx'),
                  },
                  {
                    path: paths.watchlist,
                    lazy: () => import('../features/watchlists/watchlist-page.tsx'),
                  },
                  {
                    path: paths.portfolio,
                    lazy: () => import('../features/portfolio/portfolio-page.tsx'),
                  },
                  { path: paths.alerts, lazy: () => import('../features/alerts/alerts-page.tsx') },
                  {
                    // Sections other features add to a security's page (docs/PRODUCT.md §3.13)
                    // are child routes: the page renders them below its key statistics.
                    path: `${paths.stocks}/:symbol`,
                    lazy: () => import('./routes/stock-detail-route.tsx'),
                    children: [
                      { index: true, lazy: () => import('./routes/stock-sections-route.tsx') },
                    ],
                  },
                  { path: paths.etfs, lazy: () => import('../features/stocks/etfs-page.tsx') },
                  {
                    path: paths.socialFeed,
                    lazy: () => import('../features/community/feed-page.tsx'),
                  },
                  {
                    path: paths.socialPosts,
                    lazy: () => import('../features/community/updates-page.tsx'),
                  },
                  {
                    path: paths.socialMessages,
                    lazy: () => import('../features/community/messages-page.tsx'),
                  },
                  {
                    path: communityUserRoute,
                    lazy: () => import('../features/community/profile-page.tsx'),
                  },
                  {
                    path: paths.socialModeration,
                    lazy: () => import('../features/community/moderation-page.tsx'),
                  },
                  { path: paths.settings, lazy: () => import('./settings/settings-page.tsx') },
                  {
                    path: paths.dashboardTeam,
                    lazy: () => import('../features/teams/team-page.tsx'),
                  },
                  {
                    path: paths.supportRequests,
                    lazy: () => import('../features/support/support-page.tsx'),
                  },
                  {
                    path: paths.supportQueue,
                    lazy: () => import('../features/support/queue-page.tsx'),
                  },
                  { path: paths.learn, lazy: () => import('../features/learn/learn-page.tsx') },
                  {
                    path: `${paths.learn}/:courseId`,
                    lazy: () => import('../features/learn/course-page.tsx'),
                  },
                  {
                    path: `${paths.learn}/:courseId/:lessonId`,
                    lazy: () => import('../features/learn/lesson-page.tsx'),
                  },
                  ...comingSoonPaths.map((path) => ({
                    path,
                    lazy: () => import('../components/coming-soon.tsx'),
                  })),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
