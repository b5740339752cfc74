import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

interface AlertProps {
  /**
   * `error` is announced at once (role "alert"), `success` politely (role "status", e.g.
   * "Your name is saved."); `warning` and `info` are read in place.
   */
  tone?: AlertTone;
  /** A bold first line; the children follow it. */
  title?: ReactNode;
  /** Drawn at the start; off for notes that speak for themselves. */
  icon?: boolean;
  /** A button beside the text (below it on a phone), e.g. 'Try again'. */
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
}

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: TriangleAlert },
  info: { box: 'border-ink-100 bg-ink-50 text-ink-800', Icon: Info },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', Icon: CircleCheck },
};

/** A message in a tinted box: a failed action above its button, a warning, or a note. */
export function Alert({
  tone = 'error',
  title,
  icon = tone === 'error' || tone === 'success',
  action,
  className = '',
  children,
}: AlertProps) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : tone === 'success' ? 'status' : undefined}
      className={`flex flex-col gap-3 rounded-xl border px-4 py-3 text-sm sm:flex-row sm:items-center ${box} ${className}`}
    >
      <div className="flex min-w-0 flex-1 gap-2">
        {icon && <Icon className="mt-0.5 size-4 shrink-0" />}
        <div className="min-w-0">
          {title && <p className="font-semibold">{title}</p>}
          {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
        </div>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}
