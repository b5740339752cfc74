import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import { expectErrorLog } from '../../../test/error-logs.ts';
import { deliverStripeEvent, fakeStripe, stripeBilling } from '../../../test/stripe-test-setup.ts';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../../test/test-app.ts';
import { billingCustomers, payments, subscriptions, user as users } from '../../db/schema/index.ts';

const fake = fakeStripe();

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ config: { billing: stripeBilling(await fake.start()) } });
});
afterAll(async () => {
  await testApp.close();
  await fake.stop();
});

const db = () => testApp.db.database.db;
const { post } = billingRequests(() => testApp);

const deleteAccount = (cookie: string, password: string) =>
  testApp.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { origin: testOrigin, cookie },
    payload: { password },
  });

describe('deleting an account with a paid plan on Stripe', () => {
  it('cancels the subscription at Stripe, keeps the payment without a name, and deletes the rest', async () => {
    const user = await signUpUser(testApp.app);
    const paid = await post(
      '/api/billing/checkout',
      { plan: 'pro', idempotencyKey: randomUUID(), paymentMethodId: 'pm_card_visa' },
      user.cookie,
    );
    expect(paid.statusCode).toBe(200);
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const stripeId = subscription?.providerSubscriptionId ?? '';
    expect(fake.subscriptions.get(stripeId)?.status).toBe('active');
    const [payment] = await db().select().from(payments).where(eq(payments.userId, user.id));

    const deleted = await deleteAccount(user.cookie, user.password);
    expect(deleted.statusCode).toBe(204);

    expect(fake.subscriptions.get(stripeId)?.status).toBe('canceled');
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(
      await db().select().from(billingCustomers).where(eq(billingCustomers.userId, user.id)),
    ).toEqual([]);
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toEqual([]);
    const [kept] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id ?? ''));
    expect(kept).toMatchObject({
      userId: null,
      cardLast4: null,
      idempotencyKey: null,
      amountCents: 1999,
      status: 'succeeded',
      providerPaymentId: payment?.providerPaymentId,
    });

    // Stripe reports the cancellation afterwards: it concerns nobody any more, and is accepted.
    for (const event of fake.events.filter(
      (item) => item.type === 'customer.subscription.deleted',
    )) {
      expect((await deliverStripeEvent(testApp.app, fake, event)).statusCode).toBe(200);
    }
  });

  it('deletes nothing while Stripe fails, and the user can try again', async () => {
    expectErrorLog(/payment provider call failed/);
    const user = await signUpUser(testApp.app);
    const paid = await post(
      '/api/billing/checkout',
      { plan: 'pro', idempotencyKey: randomUUID(), paymentMethodId: 'pm_card_visa' },
      user.cookie,
    );
    expect(paid.statusCode).toBe(200);
    fake.failNext = 10;
    try {
      const refused = await deleteAccount(user.cookie, user.password);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.code).toBe('payment_failed');
      expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    } finally {
      fake.failNext = 0;
    }
    expect((await deleteAccount(user.cookie, user.password)).statusCode).toBe(204);
  });
});
