import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  icon: LucideIcon;
  /**
   * A line under the note, e.g. when the count starts again. Its line is there, empty, on every
   * card and on the skeleton's, so a card does not grow when its footer arrives.
   */
  footer?: ReactNode;
}

export function StatCard({ label, value, note, icon: Icon, footer }: StatCardProps) {
  return (
    <Card size="sm" data-stat-card={label}>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <span className="grid size-9 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" />
        </span>
      </div>
      <div className="mt-3 text-2xl font-bold tracking-tight text-ink-950 tabular-nums">
        {value}
      </div>
      {/* Four to a row (xl) a note often takes two lines: the grey block keeps both. */}
      <div className="mt-1 text-sm text-slate-500 xl:min-h-10">{note}</div>
      <div className="flow-root min-h-5">{footer}</div>
    </Card>
  );
}
