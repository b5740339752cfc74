import {
  type ChartKind,
  type ChartRange,
  chartKinds,
  chartRanges,
  type Overlay,
  overlayKinds,
  overlayNames,
  rangeNames,
} from '../chart-range.ts';

interface RangePickerProps {
  range: ChartRange;
  onChange: (range: ChartRange) => void;
}

/**
 * The chart's range buttons (1D to Max); the pressed one is the range shown. On a phone the
 * nine of them wrap rather than run off the card.
 */
export function RangePicker({ range, onChange }: RangePickerProps) {
  return (
    <fieldset className="inline-flex min-w-0 flex-wrap rounded-xl border-0 bg-slate-100 p-1">
      <legend className="sr-only">Chart range</legend>
      {chartRanges.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === range}
          onClick={() => onChange(option)}
          className={`min-w-10 rounded-lg px-2 py-1.5 text-sm font-semibold tabular-nums transition-colors sm:min-w-11 sm:px-2.5 ${
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

/** The overlays, each a toggle: the pressed ones are drawn. */
export function OverlayPicker({
  overlays,
  onToggle,
}: {
  overlays: ReadonlySet<Overlay>;
  onToggle: (overlay: Overlay) => void;
}) {
  return (
    <fieldset className="inline-flex min-w-0 rounded-xl border-0 bg-slate-100 p-1">
      <legend className="sr-only">Drawn on the chart</legend>
      {overlayKinds.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={overlays.has(option)}
          onClick={() => onToggle(option)}
          className={`rounded-lg px-2.5 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors ${
            overlays.has(option)
              ? 'bg-white text-ink-950 shadow-sm'
              : 'text-slate-600 hover:bg-white/60 hover:text-ink-950'
          }`}
        >
          {overlayNames[option]}
        </button>
      ))}
    </fieldset>
  );
}
