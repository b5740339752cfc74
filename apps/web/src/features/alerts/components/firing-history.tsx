import { type AlertFiring, formatNewYorkTime, stockPath } from '@tickerwise/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** Every time an alert went off, newest first (kept when the alert is deleted). */
export function FiringHistory({ firings }: { firings: readonly AlertFiring[] }) {
  if (firings.length === 0) {
    return <EmptyState title="No alert has fired yet. Each firing is listed here." />;
  }
  return (
    <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {firings.map((firing) => (
        <li key={firing.id} className="px-4 py-3 sm:px-6">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <Link
              to={stockPath(firing.symbol)}
              className="font-medium text-ink-950 hover:text-brand-700"
            >
              {firing.title}
            </Link>
            <time dateTime={firing.firedAt} className="text-xs text-slate-500">
              {formatNewYorkTime(firing.firedAt)}
            </time>
          </div>
          <p className="mt-1 text-sm text-slate-600">{firing.message}</p>
        </li>
      ))}
    </ol>
  );
}
