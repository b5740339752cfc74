import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MenuIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { DatabaseBanner } from '../../features/health/database-banner.tsx';
import { useCurrentNotifications } from '../../features/notifications/use-current-notifications.ts';
import { useAuth } from '../session/auth-provider.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';

/**
 * SPEC.md "Dashboard layout": a fixed w-64 sidebar beside the page. On narrow screens the
 * sidebar is a drawer behind a menu button.
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
  if (auth.status !== 'signed-in') return null;

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
        <button
          type="button"
          aria-label={unread ? `Open menu, ${unread} unread notifications` : 'Open menu'}
          aria-expanded={drawerOpen}
          aria-controls="dashboard-sidebar"
          onClick={() => setDrawerOpen(true)}
          className="relative -ml-1 grid size-10 place-items-center rounded-lg text-ink-950 hover:bg-slate-100"
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
        <Logo />
      </header>
      {drawerOpen && (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-40 bg-ink-950/40 lg:hidden"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <DashboardSidebar
        user={auth.user}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
      />
      <div className="lg:pl-64">
        <DatabaseBanner />
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export { DashboardLayout as Component };
