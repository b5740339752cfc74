import { formatWholeDollars } from '../../lib/whole-cents.ts';
import type { GrowthYear } from './compound-growth.ts';

const width = 640;
const height = 260;
const left = 8;
const bottom = 24;
const top = 8;

/**
 * Contributions and growth, stacked, one bar a year: an SVG of fixed proportions, so the page
 * does not move when the figures change. The year-by-year table below says the same in words.
 */
export function GrowthChart({ rows }: { rows: GrowthYear[] }) {
  const highest = rows.reduce(
    (max, row) => (row.balanceCents > max ? row.balanceCents : max),
    rows.reduce((max, row) => (row.contributedCents > max ? row.contributedCents : max), 1n),
  );
  const plotHeight = height - top - bottom;
  const scale = (cents: bigint) => Number((cents * BigInt(plotHeight * 1000)) / highest) / 1000;
  const step = rows.length > 0 ? (width - left) / rows.length : 0;
  const last = rows.at(-1);
  const label = last
    ? `Chart: after ${last.year} ${last.year === 1 ? 'year' : 'years'}, ${formatWholeDollars(last.contributedCents)} put in and ${formatWholeDollars(last.growthCents)} of growth, ${formatWholeDollars(last.balanceCents)} in all.`
    : 'Chart: no projection until the figures are corrected.';
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm text-slate-700">
        <span className="font-semibold text-ink-950">Contributions and growth</span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-ink-700" /> Put in
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-brand-500" /> Growth
        </span>
      </figcaption>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 aspect-[64/26] w-full"
      >
        <line
          x1={left}
          x2={width}
          y1={height - bottom}
          y2={height - bottom}
          className="stroke-slate-300"
        />
        {rows.map((row, index) => {
          const put =
            row.balanceCents < row.contributedCents ? row.balanceCents : row.contributedCents;
          const grown = row.growthCents > 0n ? row.growthCents : 0n;
          const putHeight = Math.max(0, scale(put));
          const grownHeight = scale(grown);
          const x = left + index * step + step * 0.15;
          const barWidth = step * 0.7;
          const base = height - bottom;
          return (
            <g key={row.year}>
              <rect
                x={x}
                width={barWidth}
                y={base - putHeight}
                height={putHeight}
                className="fill-ink-700"
              />
              <rect
                x={x}
                width={barWidth}
                y={base - putHeight - grownHeight}
                height={grownHeight}
                className="fill-brand-500"
              />
              {(rows.length <= 12 || row.year % 5 === 0 || index === 0) && (
                <text
                  x={x + barWidth / 2}
                  y={height - 6}
                  textAnchor="middle"
                  className="fill-slate-600 text-[16px]"
                >
                  {row.year}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
