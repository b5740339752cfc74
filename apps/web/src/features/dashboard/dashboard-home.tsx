import { tierLabel } from '@tickerwise/shared';
import { lazy } from 'react';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AiCreditsCard } from './components/ai-credits-card.tsx';
import { CommunityPostsCard } from './components/community-posts-card.tsx';
import { CoursesCard } from './components/courses-card.tsx';
import { DeferredSection } from './components/deferred-section.tsx';
import { MarketOverviewSkeleton } from './components/market-overview-skeleton.tsx';
import { PortfolioValueCard } from './components/portfolio-value-card.tsx';
import { VerifyEmailBanner } from './components/verify-email-banner.tsx';
import {
  EarningsWeekSkeleton,
  PerformanceSkeleton,
  RecentActivitySkeleton,
} from './dashboard-home-skeleton.tsx';

// Below the fold on a phone: each panel's code loads when it is drawn (`DeferredSection`).
const PerformanceCard = lazy(() =>
  import('./components/performance-card.tsx').then((module) => ({
    default: module.PerformanceCard,
  })),
);
const RecentActivity = lazy(() =>
  import('./components/recent-activity.tsx').then((module) => ({
    default: module.RecentActivity,
  })),
);
const EarningsWeekCard = lazy(() =>
  import('./components/earnings-week-card.tsx').then((module) => ({
    default: module.EarningsWeekCard,
  })),
);
const MarketOverview = lazy(() =>
  import('../../components/market-overview.tsx').then((module) => ({
    default: module.MarketOverview,
  })),
);

/**
 * docs/PRODUCT.md §3.11: Portfolio Value, Portfolio Performance and Recent Activity come from
 * the user's portfolios; AI Credits shows today's used and limit with the reset time (§3.23)
 * and names the user's own plan rather than a fixed 'Pro Plan' (a departure listed in §13);
 * "Earnings this week" lists the reports of the stocks the user holds or watches (§3.11).
 * The panels below the stat cards are drawn after the first screen, in their loading look
 * until then (`DeferredSection`).
 */
export function DashboardHome() {
  usePageTitle('Dashboard');
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  const { user } = auth;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="truncate text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
          Welcome back, {user.name}
        </h1>
        <p className="mt-1 text-slate-600">Here's an overview of your investing at a glance.</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <PortfolioValueCard />
        <AiCreditsCard planName={tierLabel(user.subscription_tier)} />
        <CommunityPostsCard />
        <CoursesCard />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <DeferredSection placeholder={(ref) => <PerformanceSkeleton ref={ref} />}>
          <PerformanceCard />
        </DeferredSection>
        <DeferredSection placeholder={(ref) => <RecentActivitySkeleton ref={ref} />}>
          <RecentActivity />
        </DeferredSection>
      </div>
      <DeferredSection placeholder={(ref) => <EarningsWeekSkeleton ref={ref} />}>
        <EarningsWeekCard />
      </DeferredSection>
      <DeferredSection placeholder={(ref) => <MarketOverviewSkeleton ref={ref} />}>
        <MarketOverview />
      </DeferredSection>
      {/* Over the page, not in its flow: see the banner. */}
      <VerifyEmailBanner />
    </div>
  );
}

export { DashboardHome as Component };
