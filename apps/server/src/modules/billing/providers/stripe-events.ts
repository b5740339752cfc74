import type Stripe from 'stripe';
import { AppError } from '../../../http/errors.ts';
import type { ProviderEvent, ProviderWebhooks } from './provider.ts';
import type { stripeMapping } from './stripe-mapping.ts';

const subscriptionEvents = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/** Stripe's signed webhook deliveries, verified and read as our events. */
export function stripeWebhooks(
  stripe: Stripe,
  secret: string,
  mapping: ReturnType<typeof stripeMapping>,
): ProviderWebhooks {
  function toEvent(event: Stripe.Event): ProviderEvent {
    const base = { id: event.id, type: event.type };
    if (subscriptionEvents.has(event.type)) {
      return {
        ...base,
        kind: 'subscription',
        subscriptionId: (event.data.object as Stripe.Subscription).id,
      };
    }
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      const invoice = mapping.invoice(event.data.object);
      if (invoice)
        return { ...base, kind: 'invoice', paid: event.type === 'invoice.paid', invoice };
    }
    return { ...base, kind: 'other' };
  }

  return {
    parse(payload, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') {
        throw new AppError(400, 'bad_signature', 'The Stripe-Signature header is missing.');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, secret);
      } catch {
        throw new AppError(400, 'bad_signature', 'The webhook signature is not valid.');
      }
      return toEvent(event);
    },
  };
}
