import type { Me } from '@tickerwise/shared';
import { X } from 'lucide-react';
import { Logo } from '../../components/logo.tsx';
import { iconButtonStyles } from '../../components/ui/button.tsx';
import { DrawerClose } from '../../components/ui/drawer.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { AccountMenu } from '../../features/account/account-menu.tsx';
import { PendingPlanChange } from '../../features/billing/pending-plan-change.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { DashboardNav, SignedInDashboardNav } from './dashboard-nav.tsx';
import { TeamNavLink } from './team-nav-link.tsx';

interface DashboardSidebarProps {
  /** `null` in the shell painted before the app runs: grey blocks stand for the bell and account. */
  user: Me | null;
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
      {/* The shell painted before the app runs has no counts, standing or team to ask for. */}
      {user ? (
        <SignedInDashboardNav beforeSettings={<TeamNavLink />} />
      ) : (
        <DashboardNav counts={false} />
      )}
      <div className="flex shrink-0 items-center gap-1 border-t border-slate-200 p-3">
        {user ? (
          <>
            <NotificationBell />
            <AccountMenu
              user={user}
              planNote={<PendingPlanChange user={user} className="mt-2" />}
            />
          </>
        ) : (
          <AccountPlaceholder />
        )}
      </div>
    </>
  );
}

/** The bell and the account menu's button, as grey blocks of their size. */
function AccountPlaceholder() {
  return (
    <>
      <span className="grid size-10 shrink-0 place-items-center">
        <Skeleton className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 items-center gap-3 px-2 py-2">
        <span className="size-9 shrink-0 animate-pulse rounded-full bg-slate-200/80 motion-reduce:animate-none" />
        <span className="min-w-0 flex-1 space-y-1.5">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-3 w-16" />
        </span>
      </span>
    </>
  );
}
