import type { FundamentalCheck, GroupRating, RatingLabel } from '@tickerwise/shared';
import { ratingLabelText } from '@tickerwise/shared';

/** Shown where a figure cannot be computed (too little history, no company data). */
export const notAvailable = '—';

/** A signed percent: "+12.4 %", "-3.0 %"; the dash when missing. */
export function signedPercent(value: number | null, digits = 1): string {
  if (value === null) return notAvailable;
  const shown = Math.abs(value).toFixed(digits);
  // A change that rounds to nothing has no sign ("0.0 %", not "−0.0 %").
  const sign = Number(shown) === 0 ? '' : value > 0 ? '+' : '−';
  return `${sign}${shown} %`;
}

/** Whether a percent shown with `digits` decimals reads as a rise (1), a fall (-1) or flat (0). */
export function shownSign(value: number, digits = 1): -1 | 0 | 1 {
  if (Number(Math.abs(value).toFixed(digits)) === 0) return 0;
  return value > 0 ? 1 : -1;
}

export function plainPercent(value: number | null, digits = 1): string {
  return value === null ? notAvailable : `${value.toFixed(digits)} %`;
}

export function decimal(value: number | null, digits = 2): string {
  return value === null ? notAvailable : value.toFixed(digits);
}

/** A score from -1 to 1 as the gauge's needle angle: -90° (Strong Sell) to 90° (Strong Buy). */
export function needleAngle(score: number | null): number {
  if (score === null) return 0;
  return Math.max(-1, Math.min(1, score)) * 90;
}

export function ratingText(label: RatingLabel | null): string {
  return label ? ratingLabelText[label] : 'Not available';
}

/** The gauge's text equivalent, e.g. "Buy, score 0.32 on a scale from −1 (Strong Sell) to 1 (Strong Buy)". */
export function ratingDescription(score: number | null, label: RatingLabel | null): string {
  if (score === null || label === null) return 'Not available: the price history is too short.';
  return `${ratingLabelText[label]}, score ${score.toFixed(2)} on a scale from −1 (Strong Sell) to 1 (Strong Buy)`;
}

/** "8 buy, 4 neutral, 3 sell" with the votes lacking history named when there are any. */
export function voteCounts(group: GroupRating): string {
  const counts = `${group.buy} buy, ${group.neutral} neutral, ${group.sell} sell`;
  return group.unavailable > 0 ? `${counts}, ${group.unavailable} not available` : counts;
}

/** A checked figure in its unit: "18.2" for a ratio, "12.5 %" for a percent. */
export function checkValue(check: FundamentalCheck): string {
  if (check.value === null) return notAvailable;
  return check.unit === 'percent' ? `${check.value.toFixed(1)} %` : check.value.toFixed(2);
}

/**
 * The written analysis as it streams: "## Title" lines open sections; text before the first
 * heading is kept as an untitled part.
 */
export function streamedSections(text: string): Array<{ title: string | null; text: string }> {
  const sections: Array<{ title: string | null; text: string }> = [];
  for (const line of text.split('\n')) {
    const heading = /^\s*#{1,6}\s*(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      sections.push({ title: heading[1] ?? '', text: '' });
    } else {
      const last = sections.at(-1);
      if (last) last.text = last.text ? `${last.text}\n${line}` : line;
      else if (line.trim()) sections.push({ title: null, text: line });
    }
  }
  return sections.map((section) => ({ ...section, text: section.text.trim() }));
}
