import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  icon: LucideIcon;
  /** A line under the note, e.g. where the figure comes from. */
  footer?: ReactNode;
}

export function StatCard({ label, value, note, icon: Icon, footer }: StatCardProps) {
  return (
    <Card size="sm">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <span className="grid size-9 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" />
        </span>
      </div>
      <div className="mt-3 text-2xl font-bold tracking-tight text-ink-950 tabular-nums">
        {value}
      </div>
      <div className="mt-1 text-sm text-slate-500">{note}</div>
      {footer}
    </Card>
  );
}
