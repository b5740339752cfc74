import { paths, planFor } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { billingWebhookEvents } from '../../db/schema/index.ts';
import { insertNotification } from '../notifications/service.ts';
import type { BillingDeps } from './billing-deps.ts';
import { recordInvoice } from './payments.ts';
import type { ProviderEvent } from './providers/provider.ts';
import { mirrorSubscription } from './subscription-mirror.ts';

/**
 * What the payment system reports by webhook: each event is claimed by its id and acted on
 * once, and a subscription is applied as the payment system has it now rather than as the
 * (maybe stale) event shows it.
 */
export function providerEventHandler({ db, provider, userOfCustomer }: BillingDeps) {
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

  function refresh(subscriptionId: string): Promise<void> {
    return serially(subscriptionId, async () => {
      const state = await provider.retrieve(subscriptionId);
      const userId = state?.customerId ? await userOfCustomer(state.customerId) : null;
      if (!state?.id || !userId) return;
      const result = await mirrorSubscription(db, provider.name, userId, state);
      // A second paid subscription for a user who already has one: end it, never stack.
      if (result.stacked) await provider.cancel(state.id);
      if (result.abandonedSubscriptionId) {
        await provider.cancel(result.abandonedSubscriptionId).catch(() => null);
      }
    });
  }

  async function act(event: ProviderEvent): Promise<void> {
    if (event.kind === 'subscription') {
      await refresh(event.subscriptionId);
      return;
    }
    if (event.kind !== 'invoice') return;
    const { invoice, paid } = event;
    if (invoice.subscriptionId) await refresh(invoice.subscriptionId);
    const payer = await recordInvoice(db, invoice, paid ? 'succeeded' : 'failed');
    // A failed first payment is shown on the checkout page; a failed renewal is told here.
    if (!paid && payer && invoice.kind !== 'subscription') {
      await insertNotification(db, {
        userId: payer.userId,
        title: 'Payment failed',
        message: `We could not take the payment for your ${planFor(payer.tier).name} plan. We will try your card again over the next few days.`,
        link: paths.pricing,
      });
    }
  }

  return {
    async handle(event: ProviderEvent): Promise<void> {
      const claimed = await db
        .insert(billingWebhookEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: billingWebhookEvents.id });
      if (claimed.length === 0) return;
      try {
        await act(event);
      } catch (error) {
        // Unclaimed again: the payment system retries a delivery that failed; it is acted on then.
        await db.delete(billingWebhookEvents).where(eq(billingWebhookEvents.id, event.id));
        throw error;
      }
    },
  };
}
