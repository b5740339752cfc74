import { tierLabel } from '@tickerwise/shared';
import { MarketOverview } from '../../components/market-overview.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AiCreditsCard } from './components/ai-credits-card.tsx';
import { CommunityPostsCard } from './components/community-posts-card.tsx';
import { CoursesCard } from './components/courses-card.tsx';
import { EarningsWeekCard } from './components/earnings-week-card.tsx';
import { PerformanceCard } from './components/performance-card.tsx';
import { PortfolioValueCard } from './components/portfolio-value-card.tsx';
import { RecentActivity } from './components/recent-activity.tsx';
import { VerifyEmailBanner } from './components/verify-email-banner.tsx';

/**
 * docs/PRODUCT.md §3.11: Portfolio Value, Portfolio Performance and Recent Activity come from
 * the user's portfolios; AI Credits shows today's used and limit with the reset time (§3.23)
 * and names the user's own plan rather than a fixed 'Pro Plan' (a departure listed in §13);
 * "Earnings this week" lists the reports of the stocks the user holds or watches (§3.11).
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
        <PerformanceCard />
        <RecentActivity />
      </div>
      <EarningsWeekCard />
      <MarketOverview />
      {/* Over the page, not in its flow: see the banner. */}
      <VerifyEmailBanner />
    </div>
  );
}

export { DashboardHome as Component };
