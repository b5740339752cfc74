import { type ImportPreview, transactionKindLabels } from '@tickerwise/shared';

/** The file's errors, each with its row and column, or else its first rows as they will be stored. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  if (!preview.valid) {
    return (
      <div className="max-h-72 overflow-auto rounded-xl border border-red-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows to fix</caption>
          <thead className="sticky top-0 bg-red-50 text-xs font-semibold text-red-900 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                What is wrong
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-red-100">
            {preview.errors.map((error) => (
              <tr key={`${error.row}-${error.column}-${error.message}`}>
                <td className="px-3 py-2 font-medium tabular-nums">{error.row}</td>
                <td className="px-3 py-2 text-slate-600">{error.column ?? '—'}</td>
                <td className="px-3 py-2 text-slate-800">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {preview.errorCount > preview.errors.length && (
          <p className="border-t border-red-100 px-3 py-2 text-xs text-red-800">
            And {preview.errorCount - preview.errors.length} more.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="max-h-72 overflow-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm whitespace-nowrap">
        <caption className="sr-only">First rows to import</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            {['Row', 'Date', 'Type', 'Symbol', 'Shares', 'Price', 'Amount', 'Fees'].map((name) => (
              <th key={name} scope="col" className="px-3 py-2">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {preview.rows.map((row) => (
            <tr key={row.row}>
              <td className="px-3 py-2 text-slate-500">{row.row}</td>
              <td className="px-3 py-2">{row.date}</td>
              <td className="px-3 py-2">{transactionKindLabels[row.kind]}</td>
              <td className="px-3 py-2 font-medium">{row.symbol ?? ''}</td>
              <td className="px-3 py-2">{row.quantity ?? row.ratio ?? ''}</td>
              <td className="px-3 py-2">{row.price ?? ''}</td>
              <td className="px-3 py-2">{row.amount ?? ''}</td>
              <td className="px-3 py-2">{row.fees === '0' ? '' : row.fees}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.importable > preview.rows.length && (
        <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
          And {preview.importable - preview.rows.length} more rows.
        </p>
      )}
    </div>
  );
}
