import type { ReactNode } from 'react';
import { iconButtonStyles } from '../../components/ui/button.tsx';

interface DashboardFrameProps {
  /** The sidebar's contents beside the page from the `lg` breakpoint. */
  sidebar: ReactNode;
  /** Left of the search below `lg`: the menu button and the compact logo. */
  headerStart: ReactNode;
  search: ReactNode;
  /** Between the header and the page (the database banner). */
  banner?: ReactNode;
  children: ReactNode;
}

/**
 * docs/PRODUCT.md §3.10: a fixed w-64 sidebar beside the page, and a header with the symbol
 * search above it. Shared by the dashboard's layout and its shell (the markup a hard load of a
 * dashboard address paints before the app runs), so the two line up to the pixel.
 */
export function DashboardFrame({
  sidebar,
  headerStart,
  search,
  banner,
  children,
}: DashboardFrameProps) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        {sidebar}
      </aside>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 lg:h-16 lg:px-8">
          <div className="flex shrink-0 items-center gap-3 lg:hidden">{headerStart}</div>
          {search}
        </header>
        {banner}
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</main>
      </div>
    </div>
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform);

/** The header's symbol search box: its place, its results panel and its keyboard shortcut. */
export const dashboardSearchLook = {
  // Below `sm` the results drop from the whole header, wider than the box.
  className: 'min-w-0 flex-1 sm:relative sm:ml-auto sm:max-w-sm lg:ml-0 lg:max-w-md',
  panelClassName: 'absolute inset-x-2 top-full mt-1 sm:inset-x-0 sm:mt-2',
  shortcut: { hint: '/', ariaKeyShortcuts: isMac ? '/ Meta+K' : '/ Control+K' },
};

/** The header's menu button below `lg` (it opens the sidebar as a drawer). */
export const menuButtonClassName = `-ml-1 ${iconButtonStyles('md', 'strong')}`;
