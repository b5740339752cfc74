import type { ReactNode } from 'react';

export type BadgeTone =
  | 'neutral'
  | 'outline'
  | 'brand'
  | 'warning'
  | 'alpha'
  | 'success'
  | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 font-medium text-slate-700',
  outline: 'bg-ink-50 font-medium text-ink-700 ring-1 ring-ink-200 ring-inset',
  brand: 'bg-brand-500 font-semibold text-ink-950',
  warning: 'bg-amber-100 font-semibold text-amber-800',
  alpha: 'bg-violet-100 font-semibold text-violet-700 ring-1 ring-violet-200 ring-inset',
  success: 'bg-emerald-100 font-semibold text-emerald-800',
  danger: 'bg-red-100 font-semibold text-red-800',
};

/** A short label in a pill: a plan, a state ('Delayed'), a highlight ('Most popular'). */
export function Badge({
  tone = 'neutral',
  className = '',
  children,
}: {
  tone?: BadgeTone;
  /** Placement only (e.g. absolute over a card's edge). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs whitespace-nowrap ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
