import {
  certificateRoute,
  comingSoonPaths,
  communityUserRoute,
  paths,
  prerenderedPaths,
} from '@tickerwise/shared';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouterNavigation } from '../lib/router-navigation.tsx';
import { RedirectIfSignedIn, RequireAuth } from '../lib/session/auth-guards.tsx';
import { MarketingLayout } from './layouts/marketing-layout.tsx';
import { publicPages } from './public-pages.ts';
import { RouteError } from './route-error.tsx';

/** `/dashboard/*`'s guard, showing the dashboard's shell (its own chunk) while it waits. */
async function dashboardGuard() {
  const { DashboardShell } = await import('./layouts/dashboard-shell.tsx');
  return { element: <RequireAuth pending={<DashboardShell />} /> };
}

/** The prerendered pages (`public-pages.ts`), each its own chunk, in the site's frame. */
const publicPageRoutes: RouteObject[] = prerenderedPaths.map((path) => ({
  path,
  lazy: async () => ({ Component: await publicPages[path]() }),
}));

function MarketingRoute() {
  return (
    <MarketingLayout>
      <Outlet />
    </MarketingLayout>
  );
}

/** TanStack Query for the screens that use the API; the public pages never load it. */
const queryBoundary = () => import('./query-boundary.tsx');

/**
 * The route table of docs/PRODUCT.md §2. Every screen is its own chunk, so the landing page
 * loads no dashboard, chart or checkout code. `main.tsx` creates the browser router from it.
 */
export const routes: RouteObject[] = [
  {
    element: <RouterNavigation />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" />,
    children: [
      {
        element: <MarketingRoute />,
        children: [
          ...publicPageRoutes,
          {
            lazy: queryBoundary,
            children: [
              {
                path: paths.planChange,
                lazy: () => import('../features/billing/plan-change-page.tsx'),
              },
              { path: paths.payment, lazy: () => import('../features/billing/payment-page.tsx') },
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
