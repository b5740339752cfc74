import type { Me } from '@tickerwise/shared';
import { useEffect } from 'react';
import { CloseIcon } from '../../components/icons.tsx';
import { Logo } from '../../components/logo.tsx';
import { AccountMenu } from '../../features/account/account-menu.tsx';
import { PendingPlanChange } from '../../features/billing/pending-plan-change.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { DashboardNav } from './dashboard-nav.tsx';

interface DashboardSidebarProps {
  user: Me;
  /** Narrow screens only: the sidebar slides in over the page. */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}

export function DashboardSidebar({ user, drawerOpen, onCloseDrawer }: DashboardSidebarProps) {
  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, onCloseDrawer]);

  return (
    <aside
      id="dashboard-sidebar"
      className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-slate-200 bg-white transition-[translate,visibility] duration-200 lg:visible lg:translate-x-0 ${
        drawerOpen ? 'visible translate-x-0 shadow-2xl' : 'invisible -translate-x-full'
      }`}
    >
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Logo />
        <button
          type="button"
          aria-label="Close menu"
          onClick={onCloseDrawer}
          className="-mr-2 grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 lg:hidden"
        >
          <CloseIcon />
        </button>
      </div>
      <DashboardNav />
      <div className="flex shrink-0 items-center gap-1 border-t border-slate-200 p-3">
        <NotificationBell />
        <AccountMenu user={user} planNote={<PendingPlanChange user={user} className="mt-2" />} />
      </div>
    </aside>
  );
}
