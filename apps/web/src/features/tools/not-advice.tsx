import type { ReactNode } from 'react';

/** The notice every free tool carries: what it shows is for learning, not advice. */
export function NotAdvice({ children }: { children: ReactNode }) {
  return (
    <aside
      aria-label="Not investment advice"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-amber-950"
    >
      <p className="font-semibold">For education, not investment advice.</p>
      <p className="mt-1">{children}</p>
    </aside>
  );
}
