import { type HistoryRange, historyRanges } from '@tickerwise/shared';
import { type ChartKind, chartKinds, rangeNames } from '../chart-range.ts';

interface RangePickerProps {
  range: HistoryRange;
  onChange: (range: HistoryRange) => void;
}

/** The chart's range buttons (1M to Max); the pressed one is the range shown. */
export function RangePicker({ range, onChange }: RangePickerProps) {
  return (
    <fieldset className="inline-flex min-w-0 rounded-xl border-0 bg-slate-100 p-1">
      <legend className="sr-only">Chart range</legend>
      {historyRanges.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === range}
          onClick={() => onChange(option)}
          className={`min-w-11 rounded-lg px-2.5 py-1.5 text-sm font-semibold tabular-nums transition-colors ${
            option === range
              ? 'bg-white text-ink-950 shadow-sm'
              : 'text-slate-600 hover:bg-white/60 hover:text-ink-950'
          }`}
        >
          {rangeNames[option].button}
        </button>
      ))}
    </fieldset>
  );
}

const kindNames: Record<ChartKind, string> = { line: 'Line', candles: 'Candles' };

/** Line or candles: how the prices are drawn; the pressed one is shown. */
export function ChartKindPicker({
  kind,
  onChange,
}: {
  kind: ChartKind;
  onChange: (kind: ChartKind) => void;
}) {
  return (
    <fieldset className="inline-flex min-w-0 rounded-xl border-0 bg-slate-100 p-1">
      <legend className="sr-only">Chart type</legend>
      {chartKinds.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === kind}
          onClick={() => onChange(option)}
          className={`rounded-lg px-2.5 py-1.5 text-sm font-semibold transition-colors ${
            option === kind
              ? 'bg-white text-ink-950 shadow-sm'
              : 'text-slate-600 hover:bg-white/60 hover:text-ink-950'
          }`}
        >
          {kindNames[option]}
        </button>
      ))}
    </fieldset>
  );
}
