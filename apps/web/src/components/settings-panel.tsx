import { type ReactNode, useId } from 'react';
import { Card } from './ui/card.tsx';

interface SettingsPanelProps {
  title: string;
  /** A sentence under the title: what this panel changes, or what it shows. */
  description?: ReactNode;
  /** A button beside the title (below it on a phone), e.g. "Sign out everywhere else". */
  action?: ReactNode;
  /** `danger` frames a panel whose action cannot be undone. */
  tone?: 'default' | 'danger';
  children?: ReactNode;
}

/** One panel of Settings: a card with its own heading, saved on its own. */
export function SettingsPanel({
  title,
  description,
  action,
  tone = 'default',
  children,
}: SettingsPanelProps) {
  const headingId = useId();
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      className={tone === 'danger' ? 'border-red-200' : ''}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2
            id={headingId}
            className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-ink-950'}`}
          >
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {children && <div className="mt-5">{children}</div>}
    </Card>
  );
}
