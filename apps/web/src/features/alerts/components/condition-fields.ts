import {
  type AlertCondition,
  type AlertKind,
  type AlertRatingLabel,
  alertRatingLabelText,
} from '@tickerwise/shared';

/** The condition's kinds as the form offers them, grouped. */
export const kindGroups: { label: string; kinds: { kind: AlertKind; label: string }[] }[] = [
  {
    label: 'Price',
    kinds: [
      { kind: 'price_above', label: 'Price rises to or above' },
      { kind: 'price_below', label: 'Price falls to or below' },
    ],
  },
  {
    label: "Today's change",
    kinds: [
      { kind: 'change_up', label: 'Up at least (% today)' },
      { kind: 'change_down', label: 'Down at least (% today)' },
    ],
  },
  {
    label: 'Moving average (daily close)',
    kinds: [
      { kind: 'crosses_above_sma', label: 'Crosses above its moving average' },
      { kind: 'crosses_below_sma', label: 'Crosses below its moving average' },
    ],
  },
  {
    label: 'RSI 14 (daily close)',
    kinds: [
      { kind: 'rsi_above', label: 'RSI 14 at or above' },
      { kind: 'rsi_below', label: 'RSI 14 at or below' },
    ],
  },
  {
    label: 'Technical rating',
    kinds: [{ kind: 'rating_becomes', label: 'Rating changes to' }],
  },
  {
    label: 'Earnings (stocks)',
    kinds: [{ kind: 'earnings_within', label: 'Next earnings report is within' }],
  },
];

/** What the form holds: text as typed, turned into a condition on submit. */
export interface ConditionDraft {
  kind: AlertKind;
  value: string;
  period: '50' | '200';
  rating: AlertRatingLabel;
}

export const ratingChoices = Object.entries(alertRatingLabelText) as [AlertRatingLabel, string][];

/** The draft of an existing condition (editing). */
export function draftOf(condition: AlertCondition): ConditionDraft {
  const base: ConditionDraft = { kind: condition.kind, value: '', period: '50', rating: 'buy' };
  switch (condition.kind) {
    case 'price_above':
    case 'price_below':
    case 'rsi_above':
    case 'rsi_below':
      return { ...base, value: String(condition.level) };
    case 'change_up':
    case 'change_down':
      return { ...base, value: String(condition.percent) };
    case 'crosses_above_sma':
    case 'crosses_below_sma':
      return { ...base, period: condition.period === 200 ? '200' : '50' };
    case 'rating_becomes':
      return { ...base, rating: condition.rating };
    case 'earnings_within':
      return { ...base, value: String(condition.days) };
  }
}

/** The condition a draft stands for, for the shared schema to check. */
export function conditionOf(draft: ConditionDraft): unknown {
  const number =
    draft.value.trim() === '' ? undefined : Number(draft.value.replace(/[$,%\s]/g, ''));
  switch (draft.kind) {
    case 'price_above':
    case 'price_below':
    case 'rsi_above':
    case 'rsi_below':
      return { kind: draft.kind, level: number };
    case 'change_up':
    case 'change_down':
      return { kind: draft.kind, percent: number };
    case 'crosses_above_sma':
    case 'crosses_below_sma':
      return { kind: draft.kind, period: Number(draft.period) };
    case 'rating_becomes':
      return { kind: draft.kind, rating: draft.rating };
    case 'earnings_within':
      return { kind: draft.kind, days: number };
  }
}

/** The label and unit of the value field, or null when the kind has none. */
export function valueFieldOf(
  kind: AlertKind,
): { label: string; prefix?: string; suffix?: string } | null {
  switch (kind) {
    case 'price_above':
    case 'price_below':
      return { label: 'Price', prefix: '$' };
    case 'change_up':
    case 'change_down':
      return { label: 'Change', suffix: '%' };
    case 'rsi_above':
    case 'rsi_below':
      return { label: 'RSI level (1 to 99)' };
    case 'earnings_within':
      return { label: 'Days before the report (1 to 14)', suffix: 'days' };
    default:
      return null;
  }
}
