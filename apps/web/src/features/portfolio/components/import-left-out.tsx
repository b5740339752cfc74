import type { ImportPreview } from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What an import leaves out, said before anything is imported: the symbols we have no market
 * data for (with the choice to leave their rows out and import the rest), and every row left
 * out with its reason.
 */
export function ImportLeftOut({
  preview,
  leaveOutUncovered,
  onLeaveOutUncovered,
}: {
  preview: ImportPreview;
  leaveOutUncovered: boolean;
  onLeaveOutUncovered: (leaveOut: boolean) => void;
}) {
  const { notCovered, skippedRows, skipped } = preview;
  if (notCovered.length === 0 && skippedRows.length === 0) return null;
  return (
    <div className="space-y-3">
      {notCovered.length > 0 && (
        <Alert
          tone="warning"
          title={`Not covered: we have no market data for ${plural(notCovered.length, 'symbol', 'symbols')} of this file`}
        >
          <p>
            {notCovered
              .map(({ symbol, rows }) => `${symbol} (${plural(rows, 'row', 'rows')})`)
              .join(', ')}
            . Tickerwise covers US stocks and ETFs.
          </p>
          <label className="mt-2 flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={leaveOutUncovered}
              onChange={(event) => onLeaveOutUncovered(event.target.checked)}
              className="size-4 rounded border-slate-300"
            />
            Leave their rows out and import the rest
          </label>
        </Alert>
      )}
      {skippedRows.length > 0 && (
        <details className="rounded-xl border border-slate-200">
          <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-ink-950">
            {plural(skipped, 'row', 'rows')} left out
          </summary>
          <div className="max-h-56 overflow-auto border-t border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Rows left out</caption>
              <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Row
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Why
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {skippedRows.map(({ row, reason }) => (
                  <tr key={row}>
                    <td className="px-3 py-2 text-slate-500 tabular-nums">{row}</td>
                    <td className="px-3 py-2 text-slate-800">{reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {skipped > skippedRows.length && (
              <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
                And {skipped - skippedRows.length} more.
              </p>
            )}
          </div>
        </details>
      )}
    </div>
  );
}
