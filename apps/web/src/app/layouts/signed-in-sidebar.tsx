import { useQuery } from '@tanstack/react-query';
import type { Me } from '@tickerwise/shared';
import { X } from 'lucide-react';
import { iconButtonStyles } from '../../components/ui/button.tsx';
import { DrawerClose } from '../../components/ui/drawer.tsx';
import { AccountMenu } from '../../features/account/account-menu.tsx';
import { PendingPlanChange } from '../../features/billing/pending-plan-change.tsx';
import { standingQuery } from '../../features/community/api/moderation-api.ts';
import { UnreadMessagesBadge } from '../../features/community/unread-messages-badge.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { DashboardNav } from './dashboard-nav.tsx';
import { DashboardSidebar } from './dashboard-sidebar.tsx';
import { TeamNavLink } from './team-nav-link.tsx';

interface SignedInSidebarProps {
  user: Me;
  /** In the phone drawer: shows the button that closes it. */
  inDrawer?: boolean;
}

/**
 * The running app's sidebar: the navigation with the unread messages' count, the Team link and
 * the moderation queue's link for the community's moderators once their standing says so; the
 * bell and the account menu.
 */
export function SignedInSidebar({ user, inDrawer = false }: SignedInSidebarProps) {
  const standing = useQuery(standingQuery);
  return (
    <DashboardSidebar
      closeButton={
        inDrawer && (
          <DrawerClose>
            <button
              type="button"
              aria-label="Close menu"
              className={`-mr-2 ${iconButtonStyles('sm')}`}
            >
              <X className="size-5" />
            </button>
          </DrawerClose>
        )
      }
      nav={
        <DashboardNav
          moderator={standing.data?.moderator ?? false}
          unreadMessages={<UnreadMessagesBadge />}
          beforeSettings={<TeamNavLink />}
        />
      }
      account={
        <>
          <NotificationBell />
          <AccountMenu user={user} planNote={<PendingPlanChange user={user} className="mt-2" />} />
        </>
      }
    />
  );
}
