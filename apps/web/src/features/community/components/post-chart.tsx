import {
  formatPercentChange,
  formatUsd,
  type PostChart as PostChartData,
  stockPath,
} from '@tickerwise/shared';
import { Link } from 'react-router';
import { formatDay, priceSourceName } from '../../../lib/price-sources.ts';

const width = 600;
const height = 160;
const rangeNames: Record<PostChartData['range'], string> = {
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
};

/** The points of the line and of the area under it, in the chart's own coordinates. */
function shapes(closes: readonly number[]): { line: string; area: string } {
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  const span = high - low || 1;
  const step = width / (closes.length - 1);
  const points = closes.map((close, index) => {
    const x = index * step;
    const y = height - 6 - ((close - low) / span) * (height - 12);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const line = points.join(' ');
  return { line, area: `0,${height} ${line} ${width},${height}` };
}

/**
 * A post's chart snapshot (docs/PRODUCT.md, "Community"): the daily closes stored when it was
 * posted, drawn here as an inline line (no image, nothing fetched), with the change over the
 * range, its source and its last day. It scales to the post's width on any screen.
 */
export function PostChart({ chart }: { chart: PostChartData }) {
  const first = chart.points[0];
  const last = chart.points.at(-1);
  if (!first || !last || chart.points.length < 2) return null;
  const closes = chart.points.map((point) => point.close);
  const change = ((last.close - first.close) / first.close) * 100;
  const rising = last.close >= first.close;
  const { line, area } = shapes(closes);
  const label = `$${chart.symbol} over ${rangeNames[chart.range]} to ${formatDay(chart.asOf)}: ${formatUsd(first.close)} to ${formatUsd(last.close)}, ${formatPercentChange(change)}`;
  return (
    <figure className="mt-3 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <Link to={stockPath(chart.symbol)} className="font-semibold text-brand-700 hover:underline">
          ${chart.symbol}
        </Link>
        <span className="text-slate-500">{rangeNames[chart.range]}</span>
        <span className="ml-auto font-semibold text-ink-950 tabular-nums">
          {formatUsd(last.close)}
        </span>
        <span
          className={`font-medium tabular-nums ${rising ? 'text-emerald-700' : 'text-red-700'}`}
        >
          {formatPercentChange(change)}
        </span>
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className={`mt-2 block h-28 w-full sm:h-36 ${rising ? 'text-emerald-600' : 'text-red-600'}`}
      >
        <polygon points={area} fill="currentColor" opacity={0.08} />
        <polyline
          points={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="mt-1.5 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
        <span className="tabular-nums">
          {formatDay(first.date)} – {formatDay(chart.asOf)}
        </span>
        <span>Daily closes from {priceSourceName(chart.source)}, as of the post</span>
      </figcaption>
    </figure>
  );
}
