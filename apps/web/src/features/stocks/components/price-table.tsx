import { type DailyBar, formatUsd } from '@tickerwise/shared';
import { useId, useState } from 'react';
import { formatBarTime } from '../chart-range.ts';
import { formatTradingDay } from '../data-source.ts';

const shares = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The chart's bars as a table, newest first (open, high, low, close, volume): what the chart
 * draws over the range chosen, for keyboard and screen-reader users and anyone who wants the
 * figures. Drawn only once opened, so a five-year range costs nothing until asked for.
 * `interval`: the minutes of an intraday bar, whose `date` is then the instant it starts.
 */
export function PriceTable({
  symbol,
  bars,
  interval,
  open: openHere,
  onOpenChange,
}: {
  symbol: string;
  bars: readonly DailyBar[];
  interval?: number;
  /** Open or not, when the page keeps it (so it stays open across ranges). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [openState, setOpenState] = useState(false);
  const open = openHere ?? openState;
  const setOpen = onOpenChange ?? setOpenState;
  const id = useId();
  const unit = interval ? `${interval}-minute` : 'daily';
  const when = (date: string) => (interval ? formatBarTime(date) : formatTradingDay(date));
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        {open ? `Hide the ${unit} prices` : `Show the ${unit} prices as a table`}
      </button>
      {open && (
        <section
          id={id}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label={`${symbol} ${unit} prices`}
          className="mt-2 max-h-80 overflow-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full text-right text-sm tabular-nums">
            <caption className="sr-only">
              {symbol} {unit} open, high, low, close and volume, newest first
            </caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {interval ? 'Time (ET)' : 'Day'}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Open
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  High
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Low
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Close
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Volume
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...bars].reverse().map((bar) => (
                <tr key={bar.date}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                    {when(bar.date)}
                  </th>
                  <td className="px-3 py-1.5">{formatUsd(bar.open)}</td>
                  <td className="px-3 py-1.5">{formatUsd(bar.high)}</td>
                  <td className="px-3 py-1.5">{formatUsd(bar.low)}</td>
                  <td className="px-3 py-1.5">{formatUsd(bar.close)}</td>
                  <td className="px-3 py-1.5">{shares.format(bar.volume)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
