import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import { expectErrorLog } from '../../../test/error-logs.ts';
import {
  deliverStripeEvent,
  fakeStripe,
  stripeBilling,
  stripeSecretKey,
} from '../../../test/stripe-test-setup.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { notifications, payments, subscriptions } from '../../db/schema/index.ts';

const fake = fakeStripe();

let testApp: TestApp;
let apiBase: URL;
beforeAll(async () => {
  apiBase = await fake.start();
  testApp = await createTestApp({ config: { billing: stripeBilling(apiBase) } });
});
afterAll(async () => {
  await testApp.close();
  await fake.stop();
});

const db = () => testApp.db.database.db;

const { post, changePlan, tierOf } = billingRequests(() => testApp);

const checkout = (
  user: SignedUpUser,
  paymentMethodId: string,
  plan = 'pro',
  idempotencyKey: string = randomUUID(),
) => post('/api/billing/checkout', { plan, idempotencyKey, paymentMethodId }, user.cookie);

async function stripeSubscriptionOf(user: SignedUpUser): Promise<string> {
  const [row] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id))
    .orderBy(subscriptions.createdAt);
  if (!row?.providerSubscriptionId) throw new Error('no Stripe subscription');
  return row.providerSubscriptionId;
}

const deliver = (event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) =>
  deliverStripeEvent(testApp.app, fake, event, options);

/** Delivers every event Stripe made since `from` (an index into `fake.events`), in order. */
async function deliverSince(from: number): Promise<void> {
  for (const event of fake.events.slice(from)) {
    expect((await deliver(event)).statusCode).toBe(200);
  }
}

async function proUser(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  expect((await checkout(user, 'pm_card_visa')).statusCode).toBe(200);
  return user;
}

describe('Stripe checkout', () => {
  it('tells the browser to load Stripe.js with the publishable key', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_tickerwise' });
  });

  it('a free user paying for Pro gets Pro, with a customer and subscription made at Stripe', async () => {
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pm_card_visa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'succeeded',
      me: { subscription_tier: 'pro' },
      billing: { subscription: { tier: 'pro', status: 'active', scheduledTier: null } },
    });
    const stripeId = await stripeSubscriptionOf(user);
    expect(fake.subscriptions.get(stripeId)?.status).toBe('active');
    const [paid] = await db().select().from(payments).where(eq(payments.userId, user.id));
    expect(paid).toMatchObject({ amountCents: 1999, status: 'succeeded', provider: 'stripe' });
  });

  it('a double-clicked Pay makes one subscription at Stripe', async () => {
    const user = await signUpUser(testApp.app);
    const key = randomUUID();
    const before = fake.subscriptions.size;
    const answers = await Promise.all([
      checkout(user, 'pm_card_visa', 'pro', key),
      checkout(user, 'pm_card_visa', 'pro', key),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(fake.subscriptions.size).toBe(before + 1);
    expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
    expect(await tierOf(user)).toBe('pro');
  });

  it('a card Stripe declines leaves the tier unchanged and shows Stripe’s message', async () => {
    const user = await signUpUser(testApp.app);
    const declined = await checkout(user, 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined.');
    const insufficient = await checkout(user, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(insufficient.json().error.message).toBe('Your card has insufficient funds.');
    expect(await tierOf(user)).toBe('free');
    expect((await checkout(user, 'pm_card_visa')).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('pro');
  });

  it('a card whose charge fails ends the attempt at Stripe, so nothing lingers', async () => {
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pm_card_chargeCustomerFail');
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe('Your card was declined.');
    expect(await tierOf(user)).toBe('free');
    const stripeId = await stripeSubscriptionOf(user);
    expect(fake.subscriptions.get(stripeId)?.status).toBe('canceled');
  });

  it('card testing through Stripe is stopped after 5 failed payments an hour, before Stripe is asked', async () => {
    const tester = await signUpUser(testApp.app);
    const attempt = () =>
      post(
        '/api/billing/checkout',
        { plan: 'pro', idempotencyKey: randomUUID(), paymentMethodId: 'pm_card_chargeDeclined' },
        tester.cookie,
        { 'x-forwarded-for': '198.18.7.1' },
      );
    for (let failure = 0; failure < 5; failure++) expect((await attempt()).statusCode).toBe(402);
    const callsBefore = fake.calls.length;
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Too many failed payments. Please wait 60 minutes and try again.',
    );
    expect(fake.calls.length).toBe(callsBefore);
    expect(await tierOf(tester)).toBe('free');
  });

  it('3-D Secure: the browser confirms, then the server checks with Stripe and grants Pro', async () => {
    const user = await signUpUser(testApp.app);
    const response = await checkout(user, 'pm_card_authenticationRequired');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('requires_action');
    expect(body.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(await tierOf(user)).toBe('free');

    const early = await post(
      '/api/billing/checkout/confirm',
      { subscriptionId: body.subscriptionId },
      user.cookie,
    );
    expect(early.statusCode).toBe(402);
    expect(await tierOf(user)).toBe('free');

    fake.completeAuthentication(body.clientSecret.split('_secret_')[0]);
    const confirmed = await post(
      '/api/billing/checkout/confirm',
      { subscriptionId: body.subscriptionId },
      user.cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().me.subscription_tier).toBe('pro');
  });

  it('nobody can confirm another user’s payment', async () => {
    const owner = await signUpUser(testApp.app);
    const body = (await checkout(owner, 'pm_card_authenticationRequired')).json();
    fake.completeAuthentication(body.clientSecret.split('_secret_')[0]);
    const other = await signUpUser(testApp.app);
    const response = await post(
      '/api/billing/checkout/confirm',
      { subscriptionId: body.subscriptionId },
      other.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(await tierOf(other)).toBe('free');
  });

  it('an abandoned 3-D Secure attempt is cancelled when the user tries again', async () => {
    const user = await signUpUser(testApp.app);
    const first = (await checkout(user, 'pm_card_authenticationRequired')).json();
    expect((await checkout(user, 'pm_card_visa')).statusCode).toBe(200);
    expect(fake.subscriptions.get(first.subscriptionId)?.status).toBe('canceled');
    expect(await tierOf(user)).toBe('pro');
  });

  it('a Stripe outage says Payment failed, leaves the tier, and a retry later works', async () => {
    expectErrorLog(/payment provider call failed/);
    const user = await signUpUser(testApp.app);
    fake.failNext = 1;
    const response = await checkout(user, 'pm_card_visa');
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Payment failed. Please try again.');
    expect(await tierOf(user)).toBe('free');
    expect((await checkout(user, 'pm_card_visa')).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('pro');
  });
});

describe('Stripe plan changes', () => {
  it('Pro to Enterprise updates the subscription item with proration', async () => {
    const user = await proUser();
    const response = await changePlan(user, 'enterprise');
    expect(response.statusCode).toBe(200);
    expect(response.json().me.subscription_tier).toBe('enterprise');
    const stripeId = await stripeSubscriptionOf(user);
    expect(fake.subscriptions.get(stripeId)?.price).toBe('price_enterprise');
    const proration = [...fake.invoices.values()].find(
      (invoice) =>
        invoice.subscription === stripeId && invoice.billingReason === 'subscription_update',
    );
    expect(proration?.amountPaid).toBeGreaterThan(2900);
  });

  it('Pro to Free is scheduled at Stripe and applied when Stripe ends the subscription', async () => {
    const user = await proUser();
    const from = fake.events.length;
    const response = await changePlan(user, 'free');
    expect(response.json()).toMatchObject({
      outcome: 'scheduled',
      me: { subscription_tier: 'pro' },
      billing: { subscription: { scheduledTier: 'free' } },
    });
    const stripeId = await stripeSubscriptionOf(user);
    expect(fake.subscriptions.get(stripeId)?.cancelAtPeriodEnd).toBe(true);
    await deliverSince(from);
    expect(await tierOf(user)).toBe('pro');

    const end = fake.events.length;
    fake.renew(stripeId);
    await deliverSince(end);
    expect(await tierOf(user)).toBe('free');
  });

  it('a scheduled move to Alpha ends on Alpha; undoing keeps the subscription renewing', async () => {
    const user = await proUser();
    await changePlan(user, 'alpha');
    const stripeId = await stripeSubscriptionOf(user);
    const kept = await changePlan(user, 'pro');
    expect(kept.json().outcome).toBe('kept');
    expect(fake.subscriptions.get(stripeId)?.cancelAtPeriodEnd).toBe(false);
    await changePlan(user, 'alpha');
    const from = fake.events.length;
    fake.renew(stripeId);
    await deliverSince(from);
    expect(await tierOf(user)).toBe('alpha');
  });
});

describe('Ending a Stripe subscription now (as when an account is closed)', () => {
  it('cancels it at Stripe at once and leaves the paid plan; Stripe’s event changes nothing', async () => {
    const user = await proUser();
    const stripeId = await stripeSubscriptionOf(user);
    const from = fake.events.length;
    await testApp.app.billing.endSubscriptionNow(user.id);
    expect(fake.subscriptions.get(stripeId)?.status).toBe('canceled');
    expect(fake.calls).toContain(`DELETE /v1/subscriptions/${stripeId}`);
    expect(await tierOf(user)).toBe('free');
    await deliverSince(from);
    expect(await tierOf(user)).toBe('free');
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, stripeId));
    expect(row?.status).toBe('canceled');
  });

  it('still ends ours when Stripe no longer has it', async () => {
    const user = await proUser();
    const stripeId = await stripeSubscriptionOf(user);
    fake.subscriptions.delete(stripeId);
    await testApp.app.billing.endSubscriptionNow(user.id);
    expect(await tierOf(user)).toBe('free');
  });
});

describe('Stripe webhooks', () => {
  it('refuse a missing, forged or stale signature and leave the tier alone', async () => {
    const user = await proUser();
    const stripeId = await stripeSubscriptionOf(user);
    fake.cancelInDashboard(stripeId);
    const deleted = fake.lastEvent('customer.subscription.deleted');

    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      payload: JSON.stringify(deleted),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await deliver(deleted, { secret: 'whsec_forged' })).statusCode).toBe(400);
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect((await deliver(deleted, { timestamp: old })).statusCode).toBe(400);

    const { payload, signature } = fake.signed(deleted);
    const tampered = await testApp.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      payload: payload.replace('"canceled"', '"active" '),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await tierOf(user)).toBe('pro');

    expect((await deliver(deleted)).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('free');
  });

  it('a forged event about a subscription Stripe does not have grants nothing', async () => {
    const user = await signUpUser(testApp.app);
    await checkout(user, 'pm_card_chargeDeclined');
    const real = fake.lastEvent('customer.subscription.created');
    const forged = structuredClone(real) as Stripe.Event & { data: { object: { id: string } } };
    forged.id = `evt_forged_${randomUUID()}`;
    forged.data.object.id = 'sub_does_not_exist';
    expect((await deliver(forged)).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('free');
  });

  it('keep the tier in step when the subscription is cancelled at Stripe', async () => {
    const user = await proUser();
    const from = fake.events.length;
    fake.cancelInDashboard(await stripeSubscriptionOf(user));
    await deliverSince(from);
    expect(await tierOf(user)).toBe('free');
  });

  it('grant the plan when Stripe reports a payment the checkout request never recorded', async () => {
    const user = await signUpUser(testApp.app);
    const from = fake.events.length;
    const body = (await checkout(user, 'pm_card_authenticationRequired')).json();
    // The browser finished 3-D Secure but never came back to confirm: Stripe's events do it.
    fake.completeAuthentication(body.clientSecret.split('_secret_')[0]);
    await deliverSince(from);
    expect(await tierOf(user)).toBe('pro');
  });

  it('a replayed event is acted on once', async () => {
    const user = await proUser();
    const stripeId = await stripeSubscriptionOf(user);
    fake.breakCard(stripeId);
    const from = fake.events.length;
    fake.renew(stripeId);
    const failed = fake.lastEvent('invoice.payment_failed');
    await deliverSince(from);
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await deliver(failed)).statusCode).toBe(200);
    const told = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe('Payment failed');
    // Past due: Stripe retries the card, and the plan stays meanwhile.
    expect(await tierOf(user)).toBe('pro');
  });

  it('events delivered out of order leave the tier as Stripe has it now', async () => {
    const user = await proUser();
    const stripeId = await stripeSubscriptionOf(user);
    const from = fake.events.length;
    await changePlan(user, 'enterprise');
    const events = fake.events.slice(from);
    for (const event of [...events].reverse()) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    const created = fake.events.find(
      (event) =>
        event.type === 'customer.subscription.created' &&
        (event.data.object as Stripe.Subscription).id === stripeId,
    );
    if (!created) throw new Error('no created event');
    expect((await deliver(created)).statusCode).toBe(200);
    expect(await tierOf(user)).toBe('enterprise');
  });

  it('ignore events about customers we do not know', async () => {
    const before = fake.events.length;
    fake.customers.set('cus_stranger', { id: 'cus_stranger' });
    fake.attached.set('pm_card_visa', 'cus_stranger');
    const stranger = await fetch(`${apiBase.origin}/v1/subscriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripeSecretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'customer=cus_stranger&items[0][price]=price_pro&default_payment_method=pm_card_visa',
    });
    expect(stranger.status).toBe(200);
    await deliverSince(before);
  });
});
