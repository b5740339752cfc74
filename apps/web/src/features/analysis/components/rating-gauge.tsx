import type { RatingLabel, TechnicalRating } from '@tickerwise/shared';
import { needleAngle, ratingDescription, ratingText, voteCounts } from '../analysis-format.ts';

/** The dial's five bands, Strong Sell on the left to Strong Buy on the right (TradingView's bounds). */
const bands: Array<{ from: number; to: number; className: string }> = [
  { from: -1, to: -0.5, className: 'stroke-red-500' },
  { from: -0.5, to: -0.1, className: 'stroke-red-300' },
  { from: -0.1, to: 0.1, className: 'stroke-slate-300' },
  { from: 0.1, to: 0.5, className: 'stroke-emerald-300' },
  { from: 0.5, to: 1, className: 'stroke-emerald-500' },
];

const labelTone: Record<RatingLabel, string> = {
  strong_sell: 'text-red-700',
  sell: 'text-red-600',
  neutral: 'text-slate-700',
  buy: 'text-emerald-700',
  strong_buy: 'text-emerald-800',
};

/** A point on the dial's arc for a score from -1 to 1 (radius r around 50,50). */
function point(score: number, r: number) {
  const angle = Math.PI * (1 - (score + 1) / 2);
  return { x: 50 + r * Math.cos(angle), y: 50 - r * Math.sin(angle) };
}

function arc(from: number, to: number, r: number) {
  const a = point(from, r);
  const b = point(to, r);
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${r} ${r} 0 0 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}

interface RatingGaugeProps {
  title: string;
  score: number | null;
  label: RatingLabel | null;
  /** Under the label, e.g. the vote counts. */
  detail?: string;
  size?: 'lg' | 'sm';
}

/**
 * A half dial with a needle at the rating's score. The drawing is hidden from screen readers;
 * the same rating is written out beside it (label, score and scale).
 */
export function RatingGauge({ title, score, label, detail, size = 'sm' }: RatingGaugeProps) {
  const angle = needleAngle(score);
  return (
    <figure className="flex flex-col items-center text-center">
      <figcaption className={`font-medium text-slate-600 ${size === 'lg' ? 'text-sm' : 'text-xs'}`}>
        {title}
      </figcaption>
      <svg
        viewBox="0 0 100 56"
        aria-hidden="true"
        className={size === 'lg' ? 'mt-1 w-48 sm:w-56' : 'mt-1 w-32'}
      >
        {bands.map((band) => (
          <path
            key={band.from}
            d={arc(band.from + 0.012, band.to - 0.012, 40)}
            fill="none"
            strokeWidth={9}
            className={band.className}
          />
        ))}
        {score !== null && (
          <g transform={`rotate(${angle} 50 50)`}>
            <line
              x1={50}
              y1={50}
              x2={50}
              y2={17}
              strokeWidth={2.5}
              strokeLinecap="round"
              className="stroke-ink-950"
            />
          </g>
        )}
        <circle cx={50} cy={50} r={4} className="fill-ink-950" />
      </svg>
      <p
        className={`font-bold ${label ? labelTone[label] : 'text-slate-500'} ${size === 'lg' ? 'text-2xl' : 'text-base'}`}
      >
        {ratingText(label)}
      </p>
      <p className="sr-only">
        {title}: {ratingDescription(score, label)}
        {detail ? `. Votes: ${detail}.` : '.'}
      </p>
      {detail && (
        <p aria-hidden="true" className="mt-0.5 text-xs text-slate-500">
          {detail}
        </p>
      )}
      {score !== null && (
        <p aria-hidden="true" className="text-xs text-slate-500 tabular-nums">
          Score {score.toFixed(2)}
        </p>
      )}
    </figure>
  );
}

/** The three dials of a technical rating: moving averages, the overall rating, oscillators. */
export function RatingGauges({ rating }: { rating: TechnicalRating }) {
  return (
    <div className="grid items-end gap-6 sm:grid-cols-3">
      <RatingGauge
        title="Moving averages"
        score={rating.movingAverages.score}
        label={rating.movingAverages.label}
        detail={voteCounts(rating.movingAverages)}
      />
      <RatingGauge
        title="Overall"
        size="lg"
        score={rating.overall.score}
        label={rating.overall.label}
      />
      <RatingGauge
        title="Oscillators"
        score={rating.oscillators.score}
        label={rating.oscillators.label}
        detail={voteCounts(rating.oscillators)}
      />
    </div>
  );
}
