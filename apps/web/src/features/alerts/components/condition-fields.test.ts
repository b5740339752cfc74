import { alertConditionSchema } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { conditionOf, draftOf } from './condition-fields.ts';

describe('the alert form’s condition', () => {
  it('reads prices as typed, with a dollar sign or thousands separators', () => {
    const draft = { kind: 'price_above', value: '$1,250.5', period: '50', rating: 'buy' } as const;
    expect(alertConditionSchema.parse(conditionOf(draft))).toEqual({
      kind: 'price_above',
      level: 1250.5,
    });
  });

  it('round-trips every kind of condition through a draft', () => {
    const conditions = [
      { kind: 'change_down', percent: 4.5 },
      { kind: 'crosses_above_sma', period: 200 },
      { kind: 'rsi_below', level: 30 },
      { kind: 'rating_becomes', rating: 'strong_sell' },
      { kind: 'earnings_within', days: 3 },
    ] as const;
    for (const condition of conditions) {
      expect(alertConditionSchema.parse(conditionOf(draftOf(condition)))).toEqual(condition);
    }
  });

  it('asks for a whole number of days, 1 to 14, before a report', () => {
    const draft = { kind: 'earnings_within', value: '21', period: '50', rating: 'buy' } as const;
    const result = alertConditionSchema.safeParse(conditionOf(draft));
    expect(result.error?.issues[0]?.message).toBe('Choose 1 to 14 days ahead');
  });

  it('leaves an empty value for the schema to name', () => {
    const draft = { kind: 'change_up', value: ' ', period: '50', rating: 'buy' } as const;
    const result = alertConditionSchema.safeParse(conditionOf(draft));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a percentage');
  });
});
