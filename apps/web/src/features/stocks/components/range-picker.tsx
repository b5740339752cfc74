import { type HistoryRange, historyRanges } from '@tickerwise/shared';
import { rangeNames } from '../chart-range.ts';

interface RangePickerProps {
  range: HistoryRange;
  onChange: (range: HistoryRange) => void;
}

/** The chart's range buttons (1M to 5Y); the pressed one is the range shown. */
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
