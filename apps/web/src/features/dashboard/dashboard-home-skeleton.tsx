import { GraduationCap, MessageCircle, Sparkles, Wallet } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { StatCard } from './stat-card.tsx';

const cards = [
  { label: 'Portfolio Value', icon: Wallet },
  { label: 'AI Credits', icon: Sparkles },
  { label: 'Community Posts', icon: MessageCircle },
  { label: 'Courses Completed', icon: GraduationCap },
];

/**
 * The dashboard home as it first appears, without the user or any figure: painted from the
 * page's HTML before the app runs, in the home's own layout (`dashboard-home.tsx`), so nothing
 * moves when the app takes over.
 */
export function DashboardHomeSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <header>
        <h1 className="truncate text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
          Welcome back
          <span
            aria-hidden="true"
            className="ml-2 inline-block h-[0.8em] w-40 animate-pulse rounded-md bg-slate-200/80 align-baseline motion-reduce:animate-none"
          />
        </h1>
        <p className="mt-1 text-slate-600">Here's an overview of your investing at a glance.</p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ label, icon }) => (
          <StatCard
            key={label}
            label={label}
            icon={icon}
            value={<Skeleton className="h-8 w-24" />}
            note={
              <span className="block py-0.5">
                <Skeleton className="h-4 w-28" />
              </span>
            }
          />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <div className="flex items-center justify-between gap-3">
            <h2 className="text-base font-semibold text-ink-950">Portfolio Performance</h2>
            <span className="text-xs font-medium text-slate-500">1M</span>
          </div>
          <div className="mt-4">
            <Skeleton className="h-56 w-full" />
          </div>
        </Card>
        <Card>
          <h2 className="text-base font-semibold text-ink-950">Recent Activity</h2>
          <div className="mt-4 space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </Card>
      </div>
      <Card>
        <h2 className="text-base font-semibold text-ink-950">Earnings this week</h2>
        <div className="mt-4 space-y-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </Card>
    </div>
  );
}
