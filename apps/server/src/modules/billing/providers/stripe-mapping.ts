import type { PaidTier } from '@tickerwise/shared';
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../subscriptions.ts';
import type { ProviderInvoice, ProviderPayment, ProviderSubscription } from './provider.ts';

/** Stripe's objects in our words, across the API versions Stripe may send. */
export function stripeMapping(prices: Record<PaidTier, string>) {
  const tierOfPrice = (priceId: string | undefined): PaidTier | null =>
    priceId === prices.pro ? 'pro' : priceId === prices.enterprise ? 'enterprise' : null;

  function subscription(subscription: Stripe.Subscription): ProviderSubscription {
    const scheduled = subscription.metadata?.scheduledTier;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer),
      tier: tierOfPrice(subscription.items.data[0]?.price.id),
      status: statusOf(subscription.status),
      period: periodOf(subscription),
      endsAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      scheduledTier: scheduled === 'free' || scheduled === 'alpha' ? scheduled : null,
      checkoutKey: subscription.metadata?.checkoutKey ?? null,
    };
  }

  return { subscription, invoice, paidInvoice };
}

function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due') return 'past_due';
  if (status === 'incomplete') return 'incomplete';
  // canceled, incomplete_expired, unpaid, paused: the paid plan is no longer paid for.
  return 'canceled';
}

/** Period of a subscription: on its item since API version 2025-03-31, on itself before. */
function periodOf(subscription: Stripe.Subscription): { start: Date; end: Date } {
  const item = subscription.items.data[0];
  const legacy = subscription as unknown as {
    current_period_start?: number;
    current_period_end?: number;
  };
  const start =
    item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/** The subscription an invoice bills: under `parent` since 2025-03-31, top-level before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  const subscription = invoice.parent?.subscription_details?.subscription ?? legacy ?? null;
  if (!subscription) return null;
  return idOf(subscription);
}

function invoice(invoice: Stripe.Invoice): ProviderInvoice | null {
  if (!invoice.id) return null;
  return {
    id: invoice.id,
    subscriptionId: invoiceSubscriptionId(invoice),
    kind:
      invoice.billing_reason === 'subscription_create'
        ? 'subscription'
        : invoice.billing_reason === 'subscription_update'
          ? 'proration'
          : 'renewal',
    amountPaidCents: invoice.amount_paid,
    amountDueCents: invoice.amount_due,
    currency: invoice.currency,
  };
}

/** The first month's payment of a subscription whose latest invoice Stripe marked paid. */
function paidInvoice(subscription: Stripe.Subscription): ProviderPayment | null {
  const latest = subscription.latest_invoice;
  if (!latest || typeof latest === 'string' || latest.status !== 'paid' || !latest.id) return null;
  return {
    providerPaymentId: latest.id,
    amountCents: latest.amount_paid,
    currency: latest.currency,
    status: 'succeeded',
    failureMessage: null,
    cardLast4: null,
  };
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}
