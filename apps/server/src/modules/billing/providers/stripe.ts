import Stripe from 'stripe';
import type { StripeSettings } from '../../../config.ts';
import { AppError } from '../../../http/errors.ts';
import { outcomeOfStatus, recordUpstreamCall } from '../../../observability/metrics.ts';
import type { BillingProvider, FirstPayment, Payer } from './provider.ts';
import { isMissing, paymentFailedMessage, toPaymentError } from './stripe-errors.ts';
import { stripeWebhooks } from './stripe-events.ts';
import { stripeMapping } from './stripe-mapping.ts';

/** Where the adapter keeps which Stripe customer pays for which user (the billing service's). */
export interface CustomerDirectory {
  customerOf(userId: string): Promise<string | null>;
  /** Keeps a new customer of a user; answers the one kept (the first, if two were made at once). */
  remember(userId: string, customerId: string): Promise<string>;
}

function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  const client = new Stripe(settings.secretKey, {
    // Every call that changes something carries an idempotency key, so retries are safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
  // Its calls go through node:http, not fetch: counted from the SDK's own answer events
  // (a call that gets no answer, after its retries, has none).
  client.on('response', (event: Stripe.ResponseEvent) => {
    recordUpstreamCall('stripe', outcomeOfStatus(event.status), event.elapsed / 1000);
  });
  return client;
}

const planChanged = () =>
  new AppError(409, 'plan_changed', 'Your plan changed meanwhile. Reload the page and try again.');

/**
 * Stripe Billing: the browser turns the card into a PaymentMethod with Stripe.js; this adapter
 * makes the customer and the subscription at Stripe, and reads Stripe's answers and events.
 */
export function createStripeProvider(
  settings: StripeSettings,
  customers: CustomerDirectory,
  log: (error: unknown) => void,
): BillingProvider {
  const stripe = stripeClient(settings);
  const mapping = stripeMapping(settings.prices);

  async function customerFor(payer: Payer): Promise<string> {
    const known = await customers.customerOf(payer.id);
    if (known) return known;
    const customer = await stripe.customers.create(
      { email: payer.email, name: payer.name, metadata: { userId: payer.id } },
      { idempotencyKey: `customer-${payer.id}` },
    );
    return customers.remember(payer.id, customer.id);
  }

  /** What the first invoice's payment came to: paid, waiting for the card holder, or refused. */
  async function firstPayment(subscription: Stripe.Subscription): Promise<FirstPayment> {
    const state = mapping.subscription(subscription);
    if (subscription.status === 'active' || subscription.status === 'trialing') {
      return { status: 'paid', subscription: state, payment: mapping.paidInvoice(subscription) };
    }
    const invoice =
      typeof subscription.latest_invoice === 'string'
        ? await stripe.invoices.retrieve(subscription.latest_invoice, { expand: ['payments'] })
        : subscription.latest_invoice;
    const payment = invoice?.payments?.data[0]?.payment.payment_intent;
    const intent =
      typeof payment === 'string' ? await stripe.paymentIntents.retrieve(payment) : payment;
    if (
      subscription.status === 'incomplete' &&
      intent?.status === 'requires_action' &&
      intent.client_secret
    ) {
      return { status: 'requires_action', subscription: state, clientSecret: intent.client_secret };
    }
    return {
      status: 'declined',
      subscription: state,
      // Stripe reports the refused invoice itself (invoice.payment_failed).
      payment: null,
      code: intent?.last_payment_error?.code ?? 'payment_failed',
      message: intent?.last_payment_error?.message ?? paymentFailedMessage,
    };
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    webhooks: stripeWebhooks(stripe, settings.webhookSecret, mapping),

    async subscribe({ payer, plan, checkoutKey, payment }) {
      if (!('paymentMethodId' in payment)) {
        throw new AppError(400, 'validation_failed', 'The card could not be read. Try again.');
      }
      const key = `${payer.id}-${checkoutKey}`;
      try {
        const customer = await customerFor(payer);
        await stripe.paymentMethods.attach(
          payment.paymentMethodId,
          { customer },
          { idempotencyKey: `attach-${key}` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer,
            items: [{ price: settings.prices[plan] }],
            default_payment_method: payment.paymentMethodId,
            // Pay at once; a card that needs 3-D Secure leaves it incomplete for the browser.
            payment_behavior: 'allow_incomplete',
            metadata: { userId: payer.id, checkoutKey },
            expand: ['latest_invoice.payments'],
          },
          { idempotencyKey: `subscription-${key}` },
        );
        return await firstPayment(subscription);
      } catch (error) {
        throw toPaymentError(error, log);
      }
    },

    async confirm(providerSubscriptionId) {
      try {
        const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId, {
          expand: ['latest_invoice.payments'],
        });
        return await firstPayment(subscription);
      } catch (error) {
        throw toPaymentError(error, log);
      }
    },

    async retrieve(providerSubscriptionId) {
      try {
        return mapping.subscription(await stripe.subscriptions.retrieve(providerSubscriptionId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async switchPlan(subscription, tier) {
      if (!subscription.providerSubscriptionId) return null;
      try {
        const current = await stripe.subscriptions.retrieve(subscription.providerSubscriptionId);
        const item = current.items.data[0];
        if (!item) throw planChanged();
        await stripe.subscriptions.update(
          current.id,
          {
            items: [{ id: item.id, price: settings.prices[tier] }],
            // Charge (or credit) the difference now; if the charge fails, nothing changes.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
          },
          {
            idempotencyKey: `switch-${subscription.id}-${tier}-${subscription.updatedAt.getTime()}`,
          },
        );
      } catch (error) {
        throw toPaymentError(error, log);
      }
      // Stripe invoices the proration itself; its invoice.paid event records the payment.
      return null;
    },

    async scheduleEnd(subscription, scheduledTier) {
      if (!subscription.providerSubscriptionId) return;
      try {
        await stripe.subscriptions.update(
          subscription.providerSubscriptionId,
          {
            cancel_at_period_end: scheduledTier !== null,
            // Kept at Stripe too, so a webhook never mistakes a move to Alpha for one to Free.
            metadata: { scheduledTier: scheduledTier ?? '' },
          },
          {
            idempotencyKey: `ends-${subscription.id}-${scheduledTier}-${subscription.updatedAt.getTime()}`,
          },
        );
      } catch (error) {
        throw toPaymentError(error, log);
      }
    },

    async cancel(providerSubscriptionId) {
      try {
        return mapping.subscription(await stripe.subscriptions.cancel(providerSubscriptionId));
      } catch (error) {
        if (isMissing(error)) return null;
        throw toPaymentError(error, log);
      }
    },
  };
}
