import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

interface DashboardSidebarProps {
  /** The navigation (`DashboardNav`). */
  nav: ReactNode;
  /** At the bottom: the bell and the account menu, or their grey blocks in the shell. */
  account: ReactNode;
  /** Beside the logo in the phone drawer: the button that closes it. */
  closeButton?: ReactNode;
}

/**
 * The sidebar's frame: logo, navigation, and the bell and account menu at the bottom. The shell
 * painted before the app runs fills it with plain links and grey blocks (`dashboard-shell.tsx`),
 * the app with what asks the server (`signed-in-sidebar.tsx`), so the shell's chunk stays small.
 */
export function DashboardSidebar({ nav, account, closeButton }: DashboardSidebarProps) {
  return (
    <>
      <div className="flex h-16 shrink-0 items-center justify-between px-5">
        <Logo />
        {closeButton}
      </div>
      {nav}
      <div className="flex shrink-0 items-center gap-1 border-t border-slate-200 p-3">
        {account}
      </div>
    </>
  );
}

/** The bell and the account menu's button, as grey blocks of their size. */
export function AccountPlaceholder() {
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
