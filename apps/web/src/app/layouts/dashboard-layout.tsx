import { Menu as MenuIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Drawer } from '../../components/ui/drawer.tsx';
import { DatabaseBanner } from '../../features/health/database-banner.tsx';
import { useCurrentNotifications } from '../../features/notifications/use-current-notifications.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { useOnMediaMatch } from '../../lib/use-on-media-match.ts';
import { DashboardFrame, menuButtonClassName } from './dashboard-frame.tsx';
import { DashboardSearch } from './dashboard-search.tsx';
import { SignedInSidebar } from './signed-in-sidebar.tsx';

/** Where the sidebar stops being a drawer (Tailwind's `lg`). */
const wideScreen = '(min-width: 64rem)';

/**
 * docs/PRODUCT.md §3.10: the sidebar beside the page and the header with the symbol search
 * (`DashboardFrame`). On narrow screens the sidebar is a drawer behind a menu button in the header.
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
    <DashboardFrame
      sidebar={<SignedInSidebar user={auth.user} />}
      headerStart={
        <>
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
                className={menuButtonClassName}
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
            <SignedInSidebar user={auth.user} inDrawer />
          </Drawer>
          <Logo compact />
        </>
      }
      search={<DashboardSearch />}
      banner={<DatabaseBanner />}
    >
      <Outlet />
    </DashboardFrame>
  );
}

export { DashboardLayout as Component };
