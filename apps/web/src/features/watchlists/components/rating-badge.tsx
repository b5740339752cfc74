import { type AlertRatingLabel, alertRatingLabelText } from '@tickerwise/shared';

const tones: Record<AlertRatingLabel, string> = {
  strong_sell: 'bg-red-100 text-red-800',
  sell: 'bg-red-50 text-red-700',
  neutral: 'bg-slate-100 text-slate-700',
  buy: 'bg-brand-50 text-brand-800',
  strong_buy: 'bg-brand-100 text-brand-900',
};

const isLabel = (value: string): value is AlertRatingLabel => value in alertRatingLabelText;

/** The technical rating on the last daily bar, or a dash while it cannot be worked out. */
export function RatingBadge({ rating, asOf }: { rating: string | null; asOf: string | null }) {
  if (!rating || !isLabel(rating)) {
    return (
      <span className="text-slate-400" title="Not enough daily bars for a rating yet">
        —
      </span>
    );
  }
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[rating]}`}
      title={asOf ? `Technical rating on the close of ${asOf}` : undefined}
    >
      {alertRatingLabelText[rating]}
    </span>
  );
}
