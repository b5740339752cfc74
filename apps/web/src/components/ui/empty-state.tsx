import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Size = 'page' | 'section' | 'compact';

interface EmptyStateProps {
  /** What is (not yet) here, e.g. 'No notifications'. */
  title: string;
  /** The heading level when the state stands for a whole page or section; plain text otherwise. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
  description?: ReactNode;
  /** Drawn in a soft brand tile above the title. */
  icon?: LucideIcon;
  /** The next step, e.g. a button back to the list. */
  action?: ReactNode;
  /** `page`: a whole screen; `section`: a panel's body (dashed frame); `compact`: a list in a pop-up. */
  size?: Size;
  className?: string;
}

const frames: Record<Size, string> = {
  page: 'mx-auto max-w-xl py-20',
  // At least the height of a panel's body, growing with a long text on a phone.
  section:
    'min-h-56 justify-center rounded-xl border border-dashed border-slate-200 bg-slate-50/60 px-6 py-8',
  compact: 'px-3 py-6',
};

const titles: Record<Size, string> = {
  page: 'text-3xl font-bold tracking-tight text-ink-950',
  section: 'text-sm text-slate-500',
  compact: 'text-sm text-slate-500',
};

/** What a screen, panel or list shows when it has nothing (yet): never a blank space. */
export function EmptyState({
  title,
  titleAs: Title = 'p',
  description,
  icon: Icon,
  action,
  size = 'section',
  className = '',
}: EmptyStateProps) {
  return (
    <div className={`flex flex-col items-center text-center ${frames[size]} ${className}`}>
      {Icon && (
        <div className="mb-6 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <Icon className="size-7" />
        </div>
      )}
      <Title className={titles[size]}>{title}</Title>
      {description && (
        <p
          className={
            size === 'page' ? 'mt-3 text-lg text-slate-600' : 'mt-1 text-sm text-slate-500'
          }
        >
          {description}
        </p>
      )}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
