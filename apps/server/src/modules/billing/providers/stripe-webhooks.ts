import { paths, planFor } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { billingWebhookEvents } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import { insertNotification } from '../../notifications/service.ts';
import { isMissing } from './stripe-errors.ts';
import { invoiceSubscriptionId, type StripeSync } from './stripe-sync.ts';

export interface StripeWebhooks {
  /** Verifies the signature over the raw body (and its age); throws a 400 otherwise. */
  verify(payload: Buffer, signature: string | undefined): Stripe.Event;
  /** Acts on an event once, however often Stripe delivers it. */
  handle(event: Stripe.Event): Promise<void>;
}

const subscriptionEvents = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export function createStripeWebhooks(
  db: Db,
  stripe: Stripe,
  secret: string,
  sync: StripeSync,
): StripeWebhooks {
  /** Events for one subscription are applied one after another within this instance. */
  const queues = new Map<string, Promise<unknown>>();
  function serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => {});
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  }

  /** Applies the subscription as Stripe has it now, not as the (maybe stale) event shows it. */
  function refresh(subscriptionId: string): Promise<void> {
    return serially(subscriptionId, async () => {
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.retrieve(subscriptionId);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const result = await sync.applySubscription(subscription);
      // A second paid subscription for a user who already has one: end it, never stack.
      if (result.stacked) await stripe.subscriptions.cancel(subscription.id);
      if (result.abandonedSubscriptionId) {
        await stripe.subscriptions.cancel(result.abandonedSubscriptionId).catch(() => {});
      }
    });
  }

  return {
    verify(payload, signature) {
      if (!signature)
        throw new AppError(400, 'bad_signature', 'The Stripe-Signature header is missing.');
      try {
        return stripe.webhooks.constructEvent(payload, signature, secret);
      } catch {
        throw new AppError(400, 'bad_signature', 'The webhook signature is not valid.');
      }
    },

    async handle(event) {
      const claimed = await db
        .insert(billingWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: billingWebhookEvents.id });
      if (claimed.length === 0) return;
      try {
        await act(event);
      } catch (error) {
        // Unclaimed again: Stripe retries a delivery that failed, and it is acted on then.
        await db.delete(billingWebhookEvents).where(eq(billingWebhookEvents.id, event.id));
        throw error;
      }
    },
  };

  async function act(event: Stripe.Event): Promise<void> {
    if (subscriptionEvents.has(event.type)) {
      await refresh((event.data.object as Stripe.Subscription).id);
      return;
    }
    if (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_failed') return;
    const invoice = event.data.object;
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (subscriptionId) await refresh(subscriptionId);
    const paid = event.type === 'invoice.paid';
    const payer = await sync.recordInvoice(invoice, paid ? 'succeeded' : 'failed');
    // A failed first payment is shown on the checkout page; a failed renewal is told here.
    if (!paid && payer && invoice.billing_reason !== 'subscription_create') {
      await insertNotification(db, {
        userId: payer.userId,
        title: 'Payment failed',
        message: `We could not take the payment for your ${planFor(payer.tier).name} plan. We will try your card again over the next few days.`,
        link: paths.pricing,
      });
    }
  }
}
