import type { Me } from '@tickerwise/shared';
import { X } from 'lucide-react';
import { Logo } from '../../components/logo.tsx';
import { iconButtonStyles } from '../../components/ui/button.tsx';
import { DrawerClose } from '../../components/ui/drawer.tsx';
import { AccountMenu } from '../../features/account/account-menu.tsx';
import { PendingPlanChange } from '../../features/billing/pending-plan-change.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { DashboardNav } from './dashboard-nav.tsx';

interface DashboardSidebarProps {
  user: Me;
  /** In the phone drawer: shows the button that closes it. */
  inDrawer?: boolean;
}

/** The sidebar's contents: logo, navigation, and the bell and account menu at the bottom. */
export function DashboardSidebar({ user, inDrawer = false }: DashboardSidebarProps) {
  return (
    <>
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Logo />
        {inDrawer && (
          <DrawerClose>
            <button
              type="button"
              aria-label="Close menu"
              className={`-mr-2 ${iconButtonStyles('sm')}`}
            >
              <X className="size-5" />
            </button>
          </DrawerClose>
        )}
      </div>
      <DashboardNav />
      <div className="flex shrink-0 items-center gap-1 border-t border-slate-200 p-3">
        <NotificationBell />
        <AccountMenu user={user} planNote={<PendingPlanChange user={user} className="mt-2" />} />
      </div>
    </>
  );
}
