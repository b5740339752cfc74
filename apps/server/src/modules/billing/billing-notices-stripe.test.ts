import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { deliverStripeEvent, fakeStripe, stripeBilling } from '../../../test/stripe-test-setup.ts';
import { type SignedUpUser, signUpUser } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/index.ts';

const fake = fakeStripe();
// The fake's address is known once it listens, before the app is built.
const apiBase = new URL('http://127.0.0.1:1');
beforeAll(async () => {
  apiBase.href = (await fake.start()).href;
});
afterAll(() => fake.stop());

const mailApp = useMailTestApp({ config: { billing: stripeBilling(apiBase) } });
const { inbox, deliver, app } = mailApp;

const { post } = billingRequests(() => mailApp.testApp);

const deliverEvent = (event: Stripe.Event) => deliverStripeEvent(app, fake, event);
async function deliverSince(from: number): Promise<void> {
  for (const event of fake.events.slice(from)) {
    expect((await deliverEvent(event)).statusCode).toBe(200);
  }
}

async function notify() {
  await app.billingNotices.runDue();
  await deliver();
}

async function proUser(name: string): Promise<{ user: SignedUpUser; stripeId: string }> {
  const user = await signUpUser(app, { name });
  const paid = await post(
    '/api/billing/checkout',
    { plan: 'pro', idempotencyKey: randomUUID(), paymentMethodId: 'pm_card_visa' },
    user.cookie,
  );
  expect(paid.statusCode).toBe(200);
  const [row] = await mailApp.testApp.db.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  return { user, stripeId: row!.providerSubscriptionId! };
}

const subjects = (user: SignedUpUser) => inbox.to(user.email).map((mail) => mail.parsed.subject);

describe('Billing messages with Stripe', () => {
  it('tells once of a renewal Stripe could not take, however often the event comes', async () => {
    const { user, stripeId } = await proUser('Barbara Liskov');
    fake.breakCard(stripeId);
    const from = fake.events.length;
    fake.renew(stripeId);
    await deliverSince(from);
    expect((await deliverEvent(fake.lastEvent('invoice.payment_failed'))).statusCode).toBe(200);
    await notify();
    await notify();
    const [failed] = await inbox.waitFor(user.email, 1, {
      subject: 'We could not renew your Tickerwise Pro plan',
    });
    expect(failed!.parsed.text).toContain('We could not take $19.99 for another month of Pro');
    expect(subjects(user).filter((subject) => subject?.startsWith('We could not'))).toHaveLength(1);
  });

  it('tells once that a subscription cancelled at Stripe has ended', async () => {
    const { user, stripeId } = await proUser('Shafi Goldwasser');
    await notify();
    const from = fake.events.length;
    fake.cancelInDashboard(stripeId);
    await deliverSince(from);
    await notify();
    await notify();
    const [ended] = await inbox.waitFor(user.email, 1, {
      subject: 'Your Tickerwise Pro subscription is cancelled',
    });
    expect(ended!.parsed.text).toContain('Your account is on Free now.');
    expect(subjects(user).filter((subject) => subject?.includes('receipt'))).toHaveLength(1);
    expect(subjects(user).filter((subject) => subject?.includes('cancelled'))).toHaveLength(1);
  });
});
