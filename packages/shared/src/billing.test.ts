import { describe, expect, it } from 'vitest';
import {
  cardMessages,
  expiryProblem,
  planMove,
  testCardSchema,
  testCardSchemaOn,
} from './billing.ts';
import { isPaidTier, isPaidUpgrade, plans } from './plans.ts';

describe('the upgrade rule', () => {
  it('needs payment only from a non-paid plan to a paid one', () => {
    expect(isPaidUpgrade('free', 'pro')).toBe(true);
    expect(isPaidUpgrade('alpha', 'enterprise')).toBe(true);
    expect(isPaidUpgrade('pro', 'enterprise')).toBe(false);
    expect(isPaidUpgrade('enterprise', 'free')).toBe(false);
    expect(isPaidUpgrade('free', 'alpha')).toBe(false);
  });
});

describe('which plans are paid', () => {
  it('are Pro and Enterprise, and the plan catalogue says the same', () => {
    expect(plans.filter((plan) => isPaidTier(plan.tier)).map((plan) => plan.tier)).toEqual([
      'pro',
      'enterprise',
    ]);
    for (const plan of plans) expect(plan.requiresPayment).toBe(isPaidTier(plan.tier));
  });
});

describe('what a plan change does', () => {
  const live = { scheduledTier: null };
  it('sends non-paid to paid through checkout', () => {
    expect(planMove('free', 'pro', null)).toBe('checkout');
  });
  it('applies moves between non-paid plans at once', () => {
    expect(planMove('free', 'alpha', null)).toBe('immediate');
    expect(planMove('alpha', 'free', null)).toBe('immediate');
  });
  it('switches between paid plans at once', () => {
    expect(planMove('pro', 'enterprise', live)).toBe('switch');
    expect(planMove('enterprise', 'pro', live)).toBe('switch');
  });
  it('schedules paid to non-paid for the period end, and undoes it on the way back', () => {
    expect(planMove('enterprise', 'free', live)).toBe('schedule');
    expect(planMove('enterprise', 'alpha', { scheduledTier: 'free' })).toBe('schedule');
    expect(planMove('enterprise', 'free', { scheduledTier: 'free' })).toBe('none');
    expect(planMove('enterprise', 'enterprise', { scheduledTier: 'free' })).toBe('keep');
    expect(planMove('pro', 'pro', live)).toBe('none');
  });
});

describe('test card details', () => {
  const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  it('accepts a well-formed card and strips its spaces', () => {
    expect(testCardSchema.parse(card).number).toBe('4242424242424242');
  });
  it('names what is wrong, as Stripe words it', () => {
    const problems = (change: object) =>
      testCardSchema.safeParse({ ...card, ...change }).error?.issues.map((issue) => issue.message);
    expect(problems({ number: '4242' })).toEqual([cardMessages.incompleteNumber]);
    expect(problems({ number: '4242 4242 4242 4243' })).toEqual([cardMessages.invalidNumber]);
    expect(problems({ cvc: '1' })).toEqual([cardMessages.incompleteCvc]);
  });
  it('checks the expiry against today', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(expiryProblem('06/26', today)).toBeNull();
    expect(expiryProblem('05/26', today)).toBe(cardMessages.expiryPast);
    expect(expiryProblem('12/25', today)).toBe(cardMessages.expiryYearPast);
    expect(expiryProblem('00/30', today)).toBe(cardMessages.invalidExpiryMonth);
    expect(expiryProblem('12/3', today)).toBe(cardMessages.incompleteExpiry);
    expect(expiryProblem('12/99', today)).toBe(cardMessages.expiryYearInvalid);
  });

  it('reads the date from the clock it is given', () => {
    const onJanuary = testCardSchemaOn(() => new Date(Date.UTC(2031, 0, 10)));
    expect(onJanuary.safeParse({ ...card, expiry: '01/31' }).success).toBe(true);
    expect(onJanuary.safeParse({ ...card, expiry: '12/30' }).error?.issues[0]?.message).toBe(
      cardMessages.expiryYearPast,
    );
  });
});
