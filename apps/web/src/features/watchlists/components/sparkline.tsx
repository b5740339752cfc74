import { formatUsd } from '@tickerwise/shared';

interface SparklineProps {
  symbol: string;
  closes: readonly { date: string; close: number }[];
  width?: number;
  height?: number;
}

/**
 * A month of daily closes as a line (inline SVG, no chart library): green when the month
 * ended at or above where it started, red otherwise. Screen readers hear the change in words.
 */
export function Sparkline({ symbol, closes, width = 96, height = 28 }: SparklineProps) {
  const first = closes[0];
  const last = closes.at(-1);
  if (!first || !last || closes.length < 2) {
    return <span className="text-xs text-slate-400">No history yet</span>;
  }
  const values = closes.map((point) => point.close);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = width / (closes.length - 1);
  const points = values
    .map((value, index) => {
      const x = index * step;
      const y = height - 2 - ((value - low) / span) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const rising = last.close >= first.close;
  return (
    <svg
      role="img"
      aria-label={`${symbol} over the last month: ${formatUsd(first.close)} to ${formatUsd(last.close)}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="overflow-visible"
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
        className={rising ? 'text-brand-600' : 'text-red-600'}
      />
    </svg>
  );
}
