import { paths } from '@tickerwise/shared';
import { Menu as MenuIcon } from 'lucide-react';
import { useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { SymbolSearch } from '../../components/symbol-search/symbol-search.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { DashboardHomeSkeleton } from '../../features/dashboard/dashboard-home-skeleton.tsx';
import { DashboardFrame, dashboardSearchLook, menuButtonClassName } from './dashboard-frame.tsx';
import { DashboardNav } from './dashboard-nav.tsx';
import { AccountPlaceholder, DashboardSidebar } from './dashboard-sidebar.tsx';

const noMatches = () => Promise.resolve([]);
const ignore = () => {};

/**
 * The signed-in app's frame with grey blocks for what is still loading: the build writes it
 * into the HTML the server sends for dashboard addresses (scripts/prerender-landing.ts), so a
 * hard load paints it before any script runs, and the app shows it while it asks who is signed
 * in. Its navigation marks the page at the current path, as the app's does.
 */
export function DashboardShell() {
  const { pathname } = useLocation();
  return (
    // Its buttons and search box do nothing until the app takes over: disabled, they say so,
    // and a click waits for the app's own. Its links are plain links and work at once.
    <fieldset disabled className="contents">
      <DashboardFrame
        sidebar={<DashboardSidebar nav={<DashboardNav />} account={<AccountPlaceholder />} />}
        headerStart={
          <>
            <button type="button" aria-label="Open menu" className={menuButtonClassName}>
              <MenuIcon className="size-6" />
            </button>
            <Logo compact />
          </>
        }
        search={<SymbolSearch search={noMatches} onSelect={ignore} {...dashboardSearchLook} />}
      >
        {pathname === paths.dashboard ? <DashboardHomeSkeleton /> : <PageSkeleton />}
      </DashboardFrame>
    </fieldset>
  );
}

/** Any other dashboard page: its title and a panel of rows. */
function PageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading the page">
      <Skeleton className="h-8 w-48 sm:h-9" />
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </div>
  );
}
