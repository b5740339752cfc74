import {
  type FundamentalCheck,
  type PeriodReturn,
  type RatingLabel,
  type ReturnPeriod,
  ratingLabelText,
  type Vote,
} from '@tickerwise/shared';
import type { AnalysisFacts } from '../facts.ts';
import type { Phrasing } from './phrasing.ts';

/** What every section of the built-in analysis is written from. */
export interface WriterContext {
  facts: AnalysisFacts;
  phrasing: Phrasing;
}

export const labelOf = (label: RatingLabel | null) =>
  label === null ? 'unrated' : ratingLabelText[label];

export function returnOf(facts: AnalysisFacts, period: ReturnPeriod): number | null {
  return (
    facts.figures.returns.find((entry: PeriodReturn) => entry.period === period)?.percent ?? null
  );
}

export function voteOf(facts: AnalysisFacts, key: string): Vote | undefined {
  return facts.rating.votes.find((vote) => vote.key === key);
}

/** The headline reading of a vote, or null. */
export function readingOf(facts: AnalysisFacts, key: string, label?: string): number | null {
  const vote = voteOf(facts, key);
  const found = label ? vote?.readings.find((entry) => entry.label === label) : vote?.readings[0];
  return found?.value ?? null;
}

export const checksWithData = (checks: readonly FundamentalCheck[]) =>
  checks.filter((check) => check.status !== 'not_available');

/** "the stock" or "the fund", as a subject. */
export const kindOf = (facts: AnalysisFacts) => (facts.security.type === 'etf' ? 'fund' : 'stock');

/** Which way a rating leans: 1 buy side, -1 sell side, 0 neutral or unrated. */
export function leaning(label: RatingLabel | null): -1 | 0 | 1 {
  if (label === 'buy' || label === 'strong_buy') return 1;
  if (label === 'sell' || label === 'strong_sell') return -1;
  return 0;
}
