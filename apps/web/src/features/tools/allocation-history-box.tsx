import type { ReactNode } from 'react';

/** What the box says while the history is read (and while its code loads). */
export const readingHistory = 'Reading this mix’s worst year in our price history...';

/**
 * The box of the example mix's worst year: a fixed height, so the result does not move when
 * the text changes (allocation-history.tsx, which the page loads only with a result: it
 * brings the response's schema, and zod with it, ADR 77).
 */
export function AllocationHistoryBox({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="min-h-28 rounded-xl bg-slate-50 p-3 text-sm leading-6 text-slate-700"
    >
      {children}
    </p>
  );
}
