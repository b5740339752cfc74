import { paths } from '@tickerwise/shared';
import { ChevronDown } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  dashboardNav,
  groupOfPath,
  isGroup,
  type NavGroupItem,
  type NavLinkItem,
} from './dashboard-nav-items.ts';

const rowClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium';
const idleClass = 'text-slate-600 hover:bg-slate-100 hover:text-ink-950';
const activeClass = 'bg-brand-50 text-brand-800';

/**
 * docs/PRODUCT.md §3.10: groups expand one at a time and clicking the open group closes it. The
 * group of the current page starts open, and opens when a navigation lands in it. Links for
 * moderators only show when `moderator`; `unreadMessages` (the live count) stands beside
 * Messages and its closed group, and the shell painted before the app runs has none to ask
 * for; `beforeSettings` goes above Settings (the Team link). The running app's is composed in
 * `signed-in-sidebar.tsx`, so the shell's chunk loads none of what those ask the server.
 */
export function DashboardNav({
  moderator = false,
  unreadMessages,
  beforeSettings,
}: {
  moderator?: boolean;
  unreadMessages?: ReactNode;
  beforeSettings?: ReactNode;
}) {
  const { pathname } = useLocation();
  const currentGroup = groupOfPath(pathname);
  const [openGroup, setOpenGroup] = useState(currentGroup);
  const [followedGroup, setFollowedGroup] = useState(currentGroup);
  if (currentGroup !== followedGroup) {
    setFollowedGroup(currentGroup);
    if (currentGroup) setOpenGroup(currentGroup);
  }

  return (
    <nav aria-label="Dashboard" className="flex-1 space-y-1 overflow-y-auto px-3 py-2">
      {dashboardNav.map((item) =>
        isGroup(item) ? (
          <NavGroup
            key={item.label}
            group={
              moderator
                ? item
                : { ...item, links: item.links.filter((link) => !link.moderatorsOnly) }
            }
            open={openGroup === item.label}
            holdsCurrentPage={currentGroup === item.label}
            unreadMessages={unreadMessages}
            onToggle={() => setOpenGroup((open) => (open === item.label ? null : item.label))}
          />
        ) : (
          <Fragment key={item.label}>
            {item.to === paths.settings && beforeSettings}
            <TopLink item={item} />
          </Fragment>
        ),
      )}
    </nav>
  );
}

/** A link at the top level of the sidebar, like Learn and Settings. */
export function TopLink({ item }: { item: NavLinkItem }) {
  return (
    <NavLink
      to={item.to}
      end={item.exact}
      className={({ isActive }) => `${rowClass} ${isActive ? activeClass : idleClass}`}
    >
      <item.icon className="size-5 shrink-0" />
      {item.label}
    </NavLink>
  );
}

interface NavGroupProps {
  group: NavGroupItem;
  open: boolean;
  holdsCurrentPage: boolean;
  /** The live count of unread messages; none in the prerendered shell. */
  unreadMessages: ReactNode;
  onToggle: () => void;
}

function NavGroup({ group, open, holdsCurrentPage, unreadMessages, onToggle }: NavGroupProps) {
  const listId = `nav-group-${group.label.toLowerCase()}`;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={`${rowClass} ${holdsCurrentPage ? 'text-ink-950' : idleClass} hover:bg-slate-100`}
      >
        <group.icon className="size-5 shrink-0" />
        <span className="flex-1 text-left">{group.label}</span>
        {!open && group.links.some((link) => link.badge === 'unreadMessages') && unreadMessages}
        <ChevronDown
          className={`size-4 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <ul id={listId} className="mt-1 mb-2 ml-5 space-y-0.5 border-l border-slate-200 pl-3">
          {group.links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `flex items-center rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? activeClass : idleClass}`
                }
              >
                {link.label}
                {link.badge === 'unreadMessages' && unreadMessages}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
