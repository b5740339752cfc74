import { Menu as MenuIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { iconButtonStyles } from '../../components/ui/button.tsx';
import { Drawer } from '../../components/ui/drawer.tsx';
import { DatabaseBanner } from '../../features/health/database-banner.tsx';
import { useCurrentNotifications } from '../../features/notifications/use-current-notifications.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { useOnMediaMatch } from '../../lib/use-on-media-match.ts';
import { DashboardSearch } from './dashboard-search.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';

/** Where the sidebar stops being a drawer (Tailwind's `lg`). */
const wideScreen = '(min-width: 64rem)';

/**
 * docs/PRODUCT.md §3.10: a fixed w-64 sidebar beside the page, and a header with the symbol
 * search above it. On narrow screens the sidebar is a drawer behind a menu button in the header.
 */
export function DashboardLayout() {
  const auth = useAuth();
  const { unread } = useCurrentNotifications();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    // A link in the drawer was followed: show the page.
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }
  // Turning a tablet or widening the window puts the sidebar back beside the page.
  useOnMediaMatch(
    wideScreen,
    useCallback(() => setDrawerOpen(false), []),
  );
  if (auth.status !== 'signed-in') return null;

  return (
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <DashboardSidebar user={auth.user} />
      </aside>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 lg:h-16 lg:px-8">
          <div className="flex shrink-0 items-center gap-3 lg:hidden">
            <Drawer
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              title="Menu"
              id="dashboard-sidebar"
              className="flex w-64 flex-col"
              trigger={
                <button
                  type="button"
                  aria-label={unread ? `Open menu, ${unread} unread notifications` : 'Open menu'}
                  className={`-ml-1 ${iconButtonStyles('md', 'strong')}`}
                >
                  {/* The bell is inside the closed drawer: show its unread dot here too. */}
                  {unread ? (
                    <span
                      aria-hidden="true"
                      className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-500 ring-2 ring-white"
                    />
                  ) : null}
                  <MenuIcon className="size-6" />
                </button>
              }
            >
              <DashboardSidebar user={auth.user} inDrawer />
            </Drawer>
            <Logo compact />
          </div>
          {/* Below `sm` the results drop from the whole header, wider than the box. */}
          <DashboardSearch className="min-w-0 flex-1 sm:relative sm:ml-auto sm:max-w-sm lg:ml-0 lg:max-w-md" />
        </header>
        <DatabaseBanner />
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export { DashboardLayout as Component };
