import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';
import { applyDueChanges } from './sweep.ts';

const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterEach(() => clock.reset());
afterAll(() => testApp.close());

const db = () => testApp.db.database.db;
const visa = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

const { post, changePlan, tierOf } = billingRequests(() => testApp);

const checkout = (
  user: SignedUpUser,
  plan: string,
  card: object = visa,
  idempotencyKey: string = randomUUID(),
) => post('/api/billing/checkout', { plan, idempotencyKey, card }, user.cookie);

async function billingOf(user: SignedUpUser) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/billing/subscription',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().subscription;
}

const paymentsOf = (user: SignedUpUser) =>
  db().select().from(payments).where(eq(payments.userId, user.id));

async function proUser(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  expect((await checkout(user, 'pro')).statusCode).toBe(200);
  return user;
}

/** A moment just after the user's paid period ends. */
async function afterPeriodEnd(user: SignedUpUser): Promise<Date> {
  const subscription = await billingOf(user);
  return new Date(new Date(subscription.currentPeriodEnd).getTime() + 1000);
}

describe('billing config', () => {
  it('tells the browser that the offline test provider is on', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null });
  });
});

describe('checkout with the test provider', () => {
  it('a free user paying for Pro with 4242 is on Pro for one month, paid once', async () => {
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pro');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('succeeded');
    expect(body.me.subscription_tier).toBe('pro');
    expect(await tierOf(user)).toBe('pro');

    const subscription = await billingOf(user);
    expect(subscription).toMatchObject({ tier: 'pro', status: 'active', scheduledTier: null });
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const start = row?.currentPeriodStart ?? new Date(0);
    const end = row?.currentPeriodEnd ?? new Date(0);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(Math.abs(end.getTime() - expectedEnd.getTime())).toBeLessThan(3 * 24 * 3600 * 1000);
    expect(end.getTime() - start.getTime()).toBeGreaterThan(27 * 24 * 3600 * 1000);

    const paid = await paymentsOf(user);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amountCents: 1999,
      status: 'succeeded',
      kind: 'subscription',
      tier: 'pro',
      cardLast4: '4242',
    });
  });

  it('an Alpha user can buy Enterprise', async () => {
    const user = await signUpUser(testApp.app, { plan: 'alpha' });
    expect((await checkout(user, 'enterprise')).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('enterprise');
    expect((await paymentsOf(user))[0]?.amountCents).toBe(4999);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
  ])('a declined card (%s) leaves the tier unchanged and says why', async (number, message) => {
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pro', { ...visa, number });
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe(message);
    expect(await tierOf(user)).toBe('free');
    expect(await billingOf(user)).toBeNull();
  });

  it.each([
    [{ number: '4242 4242' }, 'card.number', 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4241' }, 'card.number', 'Your card number is invalid.'],
    [{ number: '4242 abcd 4242 4242' }, 'card.number', 'Your card number is invalid.'],
    [{ expiry: '01/20' }, 'card.expiry', "Your card's expiration year is in the past."],
    [{ expiry: '13/34' }, 'card.expiry', "Your card's expiration month is invalid."],
    [{ expiry: '1234' }, 'card.expiry', "Your card's expiration date is incomplete."],
    [{ cvc: '12' }, 'card.cvc', "Your card's security code is incomplete."],
  ])('rejects malformed card details %o with a clear message', async (change, field, message) => {
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pro', { ...visa, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await tierOf(user)).toBe('free');
  });

  it('rejects an expiry earlier this year as in the past', async () => {
    clock.set(new Date('2031-06-15T12:00:00Z'));
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pro', { ...visa, expiry: '05/31' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Your card's expiration date is in the past.");
  });

  it('in January, takes a card that expires this month and refuses last year’s', async () => {
    clock.set(new Date('2031-01-10T12:00:00Z'));
    const user = await signUpUser(testApp.app);
    const lastYear = await checkout(user, 'pro', { ...visa, expiry: '12/30' });
    expect(lastYear.json().error.message).toBe("Your card's expiration year is in the past.");
    // Past the expiry check: the card itself is what is refused.
    const thisMonth = await checkout(user, 'pro', {
      ...visa,
      number: '4000 0000 0000 0002',
      expiry: '01/31',
    });
    expect(thisMonth.statusCode).toBe(402);
    expect(thisMonth.json().error.message).toBe('Your card was declined.');
  });

  it('a double-clicked Pay charges once', async () => {
    const user = await signUpUser(testApp.app);
    const key = randomUUID();
    const answers = await Promise.all([
      checkout(user, 'pro', visa, key),
      checkout(user, 'pro', visa, key),
      checkout(user, 'pro', visa, key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await tierOf(user)).toBe('pro');
  });

  it('two attempts at once with different keys buy one plan, not two', async () => {
    const user = await signUpUser(testApp.app);
    const answers = await Promise.all([checkout(user, 'pro'), checkout(user, 'enterprise')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await paymentsOf(user)).toHaveLength(1);
  });

  it('a replayed paid request does not charge again, and a new one is refused', async () => {
    const user = await signUpUser(testApp.app);
    const key = randomUUID();
    expect((await checkout(user, 'pro', visa, key)).statusCode).toBe(200);
    expect((await checkout(user, 'pro', visa, key)).statusCode).toBe(200);
    const again = await checkout(user, 'pro');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_subscribed');
    const otherPlan = await checkout(user, 'enterprise', visa, key);
    expect(otherPlan.statusCode).toBe(409);
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await tierOf(user)).toBe('pro');
  });

  it('a replayed declined attempt is refused again without a second charge', async () => {
    const user = await signUpUser(testApp.app);
    const key = randomUUID();
    const declined = { ...visa, number: '4000000000000002' };
    expect((await checkout(user, 'pro', declined, key)).statusCode).toBe(402);
    const replay = await checkout(user, 'pro', visa, key);
    expect(replay.statusCode).toBe(402);
    expect(await tierOf(user)).toBe('free');
    expect(await paymentsOf(user)).toHaveLength(1);
  });

  it('sells only Pro and Enterprise, to signed-in users from our own site', async () => {
    const user = await signUpUser(testApp.app);
    const alpha = await checkout(user, 'alpha');
    expect(alpha.statusCode).toBe(400);
    const anonymous = await post('/api/billing/checkout', {
      plan: 'pro',
      idempotencyKey: randomUUID(),
      card: visa,
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await post(
      '/api/billing/checkout',
      { plan: 'pro', idempotencyKey: randomUUID(), card: visa },
      user.cookie,
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const garbage = await testApp.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: '{"plan":',
      headers: { origin: testOrigin, cookie: user.cookie, 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(await tierOf(user)).toBe('free');
  });

  it('has no payment waiting for 3-D Secure confirmation', async () => {
    const user = await signUpUser(testApp.app);
    const response = await post(
      '/api/billing/checkout/confirm',
      { subscriptionId: 'sub_123' },
      user.cookie,
    );
    expect(response.statusCode).toBe(404);
  });

  it('a user who signed up choosing Pro starts on Free and is on Pro after paying', async () => {
    const user = await signUpUser(testApp.app, { plan: 'pro' });
    expect(await tierOf(user)).toBe('free');
    expect((await checkout(user, 'pro')).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('pro');
  });
});

describe('plan change', () => {
  it('refuses a free user moving to a paid plan without paying (a forged request)', async () => {
    const user = await signUpUser(testApp.app);
    for (const plan of ['pro', 'enterprise']) {
      const response = await changePlan(user, plan);
      expect(response.statusCode).toBe(402);
      expect(response.json().error.code).toBe('payment_required');
    }
    expect(await tierOf(user)).toBe('free');
  });

  it('moves between Free and Alpha at once', async () => {
    const user = await signUpUser(testApp.app);
    const toAlpha = await changePlan(user, 'alpha');
    expect(toAlpha.statusCode).toBe(200);
    expect(toAlpha.json()).toMatchObject({
      outcome: 'applied',
      me: { subscription_tier: 'alpha' },
    });
    expect(await tierOf(user)).toBe('alpha');
    expect((await changePlan(user, 'free')).json().outcome).toBe('applied');
    expect(await tierOf(user)).toBe('free');
  });

  it('refuses a move to the plan the user is already on', async () => {
    const user = await signUpUser(testApp.app);
    const response = await changePlan(user, 'free');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You are already on the Free plan.');
  });

  it('validates the plan', async () => {
    const user = await signUpUser(testApp.app);
    expect((await changePlan(user, 'platinum')).statusCode).toBe(400);
    const anonymous = await post('/api/billing/plan-change', { plan: 'alpha' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('moves Pro to Enterprise at once and charges the prorated difference', async () => {
    const user = await proUser();
    const response = await changePlan(user, 'enterprise');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'applied',
      me: { subscription_tier: 'enterprise' },
      billing: { subscription: { tier: 'enterprise', scheduledTier: null } },
    });
    const proration = (await paymentsOf(user)).find((payment) => payment.kind === 'proration');
    // Almost the whole month is left: close to the full difference of $30.00.
    expect(proration?.amountCents).toBeGreaterThan(2990);
    expect(proration?.amountCents).toBeLessThanOrEqual(3000);
    expect(await tierOf(user)).toBe('enterprise');
  });

  it('moves Enterprise to Pro at once with a prorated credit', async () => {
    const user = await signUpUser(testApp.app);
    await checkout(user, 'enterprise');
    expect((await changePlan(user, 'pro')).json().outcome).toBe('applied');
    expect(await tierOf(user)).toBe('pro');
    const proration = (await paymentsOf(user)).find((payment) => payment.kind === 'proration');
    expect(proration?.amountCents).toBeLessThan(-2990);
  });

  it('schedules a paid plan to Free for the end of the period; the sweep applies it once', async () => {
    const user = await proUser();
    const response = await changePlan(user, 'free');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'scheduled',
      me: { subscription_tier: 'pro' },
      billing: { subscription: { tier: 'pro', scheduledTier: 'free' } },
    });
    expect(await tierOf(user)).toBe('pro');

    await applyDueChanges(db(), clock());
    expect(await tierOf(user)).toBe('pro');

    const due = await afterPeriodEnd(user);
    const first = await applyDueChanges(db(), due);
    expect(first.ended).toBeGreaterThanOrEqual(1);
    expect(await tierOf(user)).toBe('free');
    expect(await billingOf(user)).toBeNull();
    await applyDueChanges(db(), due);
    expect(await tierOf(user)).toBe('free');
    expect(await paymentsOf(user)).toHaveLength(1);
  });

  it("the app's billing sweep applies a scheduled move on the app's clock", async () => {
    const user = await proUser();
    await changePlan(user, 'free');
    const sweep = testApp.app.scheduler.find('billing sweep');
    await sweep?.runNow();
    expect(await tierOf(user)).toBe('pro');
    clock.set(await afterPeriodEnd(user));
    await sweep?.runNow();
    expect(sweep).toBeDefined();
    expect(await tierOf(user)).toBe('free');
  });

  it('schedules a move to Alpha the same way', async () => {
    const user = await proUser();
    expect((await changePlan(user, 'alpha')).json().outcome).toBe('scheduled');
    await applyDueChanges(db(), await afterPeriodEnd(user));
    expect(await tierOf(user)).toBe('alpha');
  });

  it('undoes a scheduled move when the user switches back, and then renews', async () => {
    const user = await proUser();
    await changePlan(user, 'free');
    const kept = await changePlan(user, 'pro');
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      outcome: 'kept',
      billing: { subscription: { scheduledTier: null } },
    });
    const due = await afterPeriodEnd(user);
    const result = await applyDueChanges(db(), due);
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    expect(await tierOf(user)).toBe('pro');
    const renewals = (await paymentsOf(user)).filter((payment) => payment.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.amountCents).toBe(1999);
    expect(new Date((await billingOf(user)).currentPeriodEnd).getTime()).toBeGreaterThan(
      due.getTime(),
    );
  });

  it('a scheduled move to Free is replaced by an immediate switch to Enterprise', async () => {
    const user = await proUser();
    await changePlan(user, 'free');
    expect((await changePlan(user, 'enterprise')).json()).toMatchObject({
      outcome: 'applied',
      billing: { subscription: { tier: 'enterprise', scheduledTier: null } },
    });
    await applyDueChanges(db(), await afterPeriodEnd(user));
    expect(await tierOf(user)).toBe('enterprise');
  });

  it('several instances sweeping at once apply each change exactly once', async () => {
    const ending = await proUser();
    const renewing = await proUser();
    await changePlan(ending, 'alpha');
    const due = new Date(
      Math.max(
        (await afterPeriodEnd(ending)).getTime(),
        (await afterPeriodEnd(renewing)).getTime(),
      ),
    );
    await Promise.all([
      applyDueChanges(db(), due),
      applyDueChanges(db(), due),
      applyDueChanges(db(), due),
    ]);
    expect(await tierOf(ending)).toBe('alpha');
    expect(await tierOf(renewing)).toBe('pro');
    const renewals = (await paymentsOf(renewing)).filter((payment) => payment.kind === 'renewal');
    expect(renewals).toHaveLength(1);
  });

  it('checkout refuses a user who already pays, so plans never stack', async () => {
    const user = await proUser();
    const response = await checkout(user, 'enterprise');
    expect(response.statusCode).toBe(409);
    expect(await tierOf(user)).toBe('pro');
  });
});

describe('ending a subscription now (as when an account is closed)', () => {
  it('ends the paid plan at once; the sweep renews nothing afterwards', async () => {
    const user = await proUser();
    const due = await afterPeriodEnd(user);
    await testApp.app.billing.endSubscriptionNow(user.id);
    expect(await tierOf(user)).toBe('free');
    expect(await billingOf(user)).toBeNull();
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'canceled' });
    expect(row?.endedAt).toBeInstanceOf(Date);
    await applyDueChanges(db(), due);
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await tierOf(user)).toBe('free');
  });

  it('leaves for the plan the user had scheduled', async () => {
    const user = await proUser();
    await changePlan(user, 'alpha');
    await testApp.app.billing.endSubscriptionNow(user.id);
    expect(await tierOf(user)).toBe('alpha');
  });

  it('changes nothing for a user without a paid plan', async () => {
    const user = await signUpUser(testApp.app, { plan: 'alpha' });
    await testApp.app.billing.endSubscriptionNow(user.id);
    expect(await tierOf(user)).toBe('alpha');
  });
});
