import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The quiet 'back' link at the top of a focused screen (sign-in, plan change, checkout). */
export function BackLink({
  to,
  state,
  children,
}: {
  to: string;
  /** Navigation state for the screen it returns to (e.g. the plan being changed to). */
  state?: unknown;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      state={state}
      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink-950"
    >
      <ChevronLeft className="size-4" />
      {children}
    </Link>
  );
}
