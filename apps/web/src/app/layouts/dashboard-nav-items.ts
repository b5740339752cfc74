import { paths } from '@tickerwise/shared';
import {
  BookOpen,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Settings,
  TrendingUp,
  Users,
} from 'lucide-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on this exact path (docs/PRODUCT.md §3.10: Dashboard is an exact match). */
  exact?: boolean;
}

export interface NavGroupItem {
  label: string;
  icon: LucideIcon;
  links: ReadonlyArray<{
    label: string;
    to: string;
    /** A live count shown beside the link (and beside the group while it is closed). */
    badge?: 'unreadMessages';
    /** Shown only to the community's moderators (the queue answers 404 to anyone else). */
    moderatorsOnly?: boolean;
  }>;
}

export type NavItem = NavLinkItem | NavGroupItem;

/** docs/PRODUCT.md §3.10: the sidebar's navigation, in order. */
export const dashboardNav: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard, exact: true },
  {
    label: 'Investments',
    icon: TrendingUp,
    links: [
      { label: 'Portfolio', to: paths.portfolio },
      { label: 'Stocks', to: paths.stocks },
      { label: 'Screener', to: paths.screener },
      { label: 'Watchlist', to: paths.watchlist },
      { label: 'Alerts', to: paths.alerts },
      { label: 'Crypto', to: paths.crypto },
      { label: 'ETFs', to: paths.etfs },
    ],
  },
  {
    label: 'Social',
    icon: Users,
    links: [
      { label: 'Feed', to: paths.socialFeed },
      { label: 'Updates', to: paths.socialPosts },
      { label: 'Messages', to: paths.socialMessages, badge: 'unreadMessages' },
      { label: 'Moderation', to: paths.socialModeration, moderatorsOnly: true },
    ],
  },
  { label: 'Learn', to: paths.learn, icon: BookOpen },
  { label: 'Support', to: paths.supportRequests, icon: LifeBuoy },
  { label: 'Settings', to: paths.settings, icon: Settings },
];

export function isGroup(item: NavItem): item is NavGroupItem {
  return 'links' in item;
}

/** The group holding the page at `pathname` (a stock's page belongs to Stocks), if any. */
export function groupOfPath(pathname: string): string | null {
  const group = dashboardNav
    .filter(isGroup)
    .find((candidate) =>
      candidate.links.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`)),
    );
  return group?.label ?? null;
}
