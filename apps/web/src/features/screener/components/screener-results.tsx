import {
  formatCompactNumber,
  formatPercentChange,
  formatUsd,
  type RatingLabel,
  ratingLabelText,
  type ScreenerColumn,
  type ScreenerResponse,
  screenerColumnInfo,
  stockPath,
} from '@tickerwise/shared';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { Link } from 'react-router';
import type { ScreenState } from '../screen-params.ts';

type Value = string | number | null | undefined;

/** A figure as its column reads it; a dash where the source has none. */
export function formatFigure(column: ScreenerColumn, value: Value): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  switch (screenerColumnInfo[column].unit) {
    case 'usd':
      return formatUsd(value);
    case 'bigUsd':
      return `$${formatCompactNumber(value)}`;
    case 'percent':
      return column === 'change' || column.startsWith('return') || column.startsWith('distance')
        ? formatPercentChange(value)
        : `${value.toFixed(2)}%`;
    case 'count':
      return column === 'checklistScore' ? String(value) : formatCompactNumber(value);
    default:
      return value.toFixed(2);
  }
}

const ratingTones: Record<RatingLabel, string> = {
  strong_sell: 'bg-red-100 text-red-800',
  sell: 'bg-red-50 text-red-700',
  neutral: 'bg-slate-100 text-slate-700',
  buy: 'bg-brand-50 text-brand-800',
  strong_buy: 'bg-brand-100 text-brand-900',
};

function Cell({ column, value }: { column: ScreenerColumn; value: Value }) {
  if (column === 'rating') {
    if (typeof value !== 'string' || !(value in ratingTones)) {
      return <span className="text-slate-400">—</span>;
    }
    const label = value as RatingLabel;
    return (
      <span
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${ratingTones[label]}`}
      >
        {ratingLabelText[label]}
      </span>
    );
  }
  const text = formatFigure(column, value);
  const signed =
    typeof value === 'number' &&
    (column === 'change' || column.startsWith('return') || column.startsWith('distance'));
  const tone = signed ? (value > 0 ? 'text-emerald-700' : value < 0 ? 'text-red-700' : '') : '';
  return <span className={tone}>{text}</span>;
}

const alignRight = (column: ScreenerColumn) => screenerColumnInfo[column].unit !== 'text';

/**
 * The screen's rows: a table sorted by its column headers on wider screens, one card per
 * symbol on a phone with every chosen column on it.
 */
export function ScreenerResults({
  answer,
  state,
  onSort,
}: {
  answer: ScreenerResponse;
  state: ScreenState;
  onSort: (column: ScreenerColumn) => void;
}) {
  const columns = answer.columns.filter((column) => column !== 'symbol');
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Matching symbols">
        {answer.rows.map((row) => (
          <li key={String(row.symbol)} className="px-4 py-3" data-screener-card={row.symbol}>
            <Link
              to={stockPath(String(row.symbol))}
              className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
            >
              {row.symbol}
            </Link>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              {columns.map((column) => (
                <div key={column} className="flex min-w-0 justify-between gap-2">
                  <dt className="truncate text-slate-500">{screenerColumnInfo[column].label}</dt>
                  <dd className="truncate text-right text-slate-800 tabular-nums">
                    <Cell column={column} value={row[column]} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto contain-paint sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500">
            <tr>
              {answer.columns.map((column) => {
                const active = state.sort.column === column;
                const Icon = active
                  ? state.sort.descending
                    ? ArrowDown
                    : ArrowUp
                  : ChevronsUpDown;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={
                      active ? (state.sort.descending ? 'descending' : 'ascending') : 'none'
                    }
                    className={`px-3 py-2.5 font-semibold whitespace-nowrap ${alignRight(column) ? 'text-right' : ''}`}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(column)}
                      className={`inline-flex items-center gap-1 rounded hover:text-ink-950 ${active ? 'text-ink-950' : ''}`}
                    >
                      {screenerColumnInfo[column].label}
                      <Icon
                        aria-hidden="true"
                        className={`size-3.5 ${active ? '' : 'opacity-50'}`}
                      />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {answer.rows.map((row) => (
              <tr key={String(row.symbol)} className="hover:bg-slate-50/60">
                {answer.columns.map((column) => (
                  <td
                    key={column}
                    className={`px-3 py-2.5 whitespace-nowrap ${alignRight(column) ? 'text-right' : ''} ${column === 'name' ? 'max-w-56 truncate' : ''}`}
                  >
                    {column === 'symbol' ? (
                      <Link
                        to={stockPath(String(row.symbol))}
                        className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
                      >
                        {row.symbol}
                      </Link>
                    ) : (
                      <Cell column={column} value={row[column]} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
