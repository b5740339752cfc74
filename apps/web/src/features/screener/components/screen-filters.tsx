import { useQuery } from '@tanstack/react-query';
import {
  ratingLabels,
  ratingLabelText,
  type ScreenerColumn,
  type ScreenerNumberColumn,
  type ScreenerSetColumn,
  screenerColumnInfo,
  screenerColumns,
  screenerNumberColumns,
} from '@tickerwise/shared';
import { X } from 'lucide-react';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { sectorsQuery } from '../api/screener-queries.ts';
import type { ScreenState } from '../screen-params.ts';

const fieldClass =
  'rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink-950 focus:border-brand-500 focus:outline-none';

const setChoices: Record<
  Exclude<ScreenerSetColumn, 'sector'>,
  { value: string; label: string }[]
> = {
  type: [
    { value: 'stock', label: 'Stocks' },
    { value: 'etf', label: 'ETFs' },
  ],
  rating: ratingLabels.map((value) => ({ value, label: ratingLabelText[value] })),
};

/**
 * The screen's filters: a range (from, to) for any figure, and choices of sector, type and
 * technical rating. Each change is a new address, so the screen can be shared as a link.
 */
export function ScreenFilters({
  state,
  onChange,
}: {
  state: ScreenState;
  onChange: (state: ScreenState) => void;
}) {
  const sectors = useQuery(sectorsQuery);
  const ranges = Object.entries(state.ranges) as [
    ScreenerNumberColumn,
    { min: string; max: string },
  ][];
  const unused = screenerNumberColumns.filter((column) => !(column in state.ranges));

  const setRange = (column: ScreenerNumberColumn, range: { min: string; max: string } | null) => {
    const next = { ...state.ranges };
    if (range) next[column] = range;
    else delete next[column];
    onChange({ ...state, ranges: next });
  };
  const toggle = (column: ScreenerSetColumn, value: string) => {
    const current = state.sets[column] ?? [];
    const values = current.includes(value)
      ? current.filter((entry) => entry !== value)
      : [...current, value];
    onChange({ ...state, sets: { ...state.sets, [column]: values } });
  };

  const choices: {
    column: ScreenerSetColumn;
    label: string;
    options: { value: string; label: string }[];
  }[] = [
    {
      column: 'sector',
      label: 'Sector',
      options: (sectors.data ?? []).map((value) => ({ value, label: value })),
    },
    { column: 'type', label: 'Type', options: setChoices.type },
    { column: 'rating', label: 'Technical rating', options: setChoices.rating },
  ];

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {choices.map(({ column, label, options }) => (
          <fieldset key={column} className="min-w-0">
            <legend className="text-xs font-semibold text-slate-500">{label}</legend>
            <div className="mt-1 flex max-h-32 flex-wrap gap-1.5 overflow-y-auto">
              {options.length === 0 && <span className="text-xs text-slate-400">Loading…</span>}
              {options.map((option) => {
                const on = state.sets[column]?.includes(option.value) ?? false;
                return (
                  <button
                    key={option.value}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggle(column, option.value)}
                    className={`rounded-full border px-2.5 py-1 text-xs ${
                      on
                        ? 'border-brand-600 bg-brand-50 text-brand-800'
                        : 'border-slate-200 text-slate-600 hover:border-slate-300'
                    }`}
                  >
                    {option.label}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="space-y-2">
        {ranges.map(([column, range]) => (
          <div key={column} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="w-40 font-medium text-ink-950">
              {screenerColumnInfo[column].label}
            </span>
            <label className="flex items-center gap-1 text-slate-500">
              from
              <input
                inputMode="decimal"
                aria-label={`${screenerColumnInfo[column].label} from`}
                value={range.min}
                onChange={(event) => setRange(column, { ...range, min: event.target.value })}
                className={`${fieldClass} w-24`}
              />
            </label>
            <label className="flex items-center gap-1 text-slate-500">
              to
              <input
                inputMode="decimal"
                aria-label={`${screenerColumnInfo[column].label} to`}
                value={range.max}
                onChange={(event) => setRange(column, { ...range, max: event.target.value })}
                className={`${fieldClass} w-24`}
              />
            </label>
            <button
              type="button"
              onClick={() => setRange(column, null)}
              aria-label={`Remove the ${screenerColumnInfo[column].label} filter`}
              className={iconButtonStyles('sm')}
            >
              <X className="size-4" />
            </button>
          </div>
        ))}
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Add a filter
          <select
            value=""
            onChange={(event) => {
              const column = event.target.value as ScreenerNumberColumn;
              if (column) setRange(column, { min: '', max: '' });
            }}
            className={fieldClass}
          >
            <option value="">Choose a figure…</option>
            {unused.map((column) => (
              <option key={column} value={column}>
                {screenerColumnInfo[column].label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/** Which columns the results show: every figure the screener has, each a checkbox. */
export function ColumnChooser({
  state,
  onChange,
}: {
  state: ScreenState;
  onChange: (state: ScreenState) => void;
}) {
  const toggle = (column: ScreenerColumn) => {
    const on = state.columns.includes(column);
    const columns = on
      ? state.columns.filter((entry) => entry !== column)
      : screenerColumns.filter((entry) => entry === column || state.columns.includes(entry));
    if (columns.length > 0) onChange({ ...state, columns });
  };
  return (
    <details className="rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-ink-950">
        Columns ({state.columns.length})
      </summary>
      <div className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4">
        {screenerColumns
          .filter((column) => column !== 'symbol')
          .map((column) => (
            <label key={column} className="flex items-center gap-2 text-slate-700">
              <input
                type="checkbox"
                checked={state.columns.includes(column)}
                onChange={() => toggle(column)}
              />
              {screenerColumnInfo[column].label}
            </label>
          ))}
      </div>
    </details>
  );
}
