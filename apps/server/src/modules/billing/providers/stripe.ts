import { type StripeCheckoutInput, stripeCheckoutSchema } from '@tickerwise/shared';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { StripeSettings } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { billingCustomers, subscriptions } from '../../../db/schema/index.ts';
import { AppError, notFound, parseInput } from '../../../http/errors.ts';
import { lockTier, openSubscription } from '../records.ts';
import { assertCanCheckout } from '../service.ts';
import type { BillingProvider, CheckoutOutcome, Payer } from './provider.ts';
import { isMissing, paymentFailedMessage, toPaymentError } from './stripe-errors.ts';
import { createStripeSync } from './stripe-sync.ts';
import { createStripeWebhooks, type StripeWebhooks } from './stripe-webhooks.ts';

export interface StripeBillingProvider extends BillingProvider {
  readonly name: 'stripe';
  readonly webhooks: StripeWebhooks;
}

/** A reservation younger than this without a Stripe subscription is a checkout still running. */
const reservationTtlMs = 60_000;

function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
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
}

/**
 * Stripe Billing: the browser turns the card into a PaymentMethod with Stripe.js; the server
 * makes the customer and the subscription, and Stripe's webhooks keep our copy in step.
 */
export function createStripeProvider(
  db: Db,
  settings: StripeSettings,
  log: (error: unknown) => void,
): StripeBillingProvider {
  const stripe = stripeClient(settings);
  const sync = createStripeSync(db, settings.prices);

  async function customerOf(payer: Payer): Promise<string> {
    const read = async () =>
      (
        await db
          .select({ id: billingCustomers.providerCustomerId })
          .from(billingCustomers)
          .where(eq(billingCustomers.userId, payer.id))
      )[0]?.id;
    const known = await read();
    if (known) return known;
    const customer = await stripe.customers.create(
      { email: payer.email, name: payer.name, metadata: { userId: payer.id } },
      { idempotencyKey: `customer-${payer.id}` },
    );
    await db
      .insert(billingCustomers)
      .values({ userId: payer.id, providerCustomerId: customer.id })
      .onConflictDoNothing();
    return (await read()) ?? customer.id;
  }

  /**
   * Holds the user's one open subscription slot for this attempt before any money moves, so
   * two attempts at once (two tabs) cannot both buy a plan. Answers the reservation, or the
   * subscription this same attempt made earlier.
   */
  async function reserve(payer: Payer, input: StripeCheckoutInput) {
    const abandoned: string[] = [];
    const row = await db.transaction(async (tx) => {
      const tier = await lockTier(tx, payer.id);
      const open = await openSubscription(tx, payer.id);
      if (open?.checkoutKey === input.idempotencyKey) {
        if (open.tier !== input.plan) {
          throw new AppError(
            409,
            'idempotency_key_reused',
            'This payment was already made for another plan.',
          );
        }
        return open;
      }
      assertCanCheckout(tier, open);
      if (open) {
        const running = Date.now() - open.createdAt.getTime() < reservationTtlMs;
        if (!open.providerSubscriptionId && running) {
          throw new AppError(
            409,
            'payment_in_progress',
            'Your payment is already being processed.',
          );
        }
        if (open.providerSubscriptionId) abandoned.push(open.providerSubscriptionId);
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', endedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, open.id));
      }
      const [created] = await tx
        .insert(subscriptions)
        .values({
          userId: payer.id,
          provider: 'stripe',
          checkoutKey: input.idempotencyKey,
          tier: input.plan,
          status: 'incomplete',
          currentPeriodStart: sql`now()`,
          currentPeriodEnd: sql`now()`,
        })
        .returning();
      if (!created) throw new Error('The checkout was not reserved');
      return created;
    });
    for (const id of abandoned) await cancelQuietly(id);
    return row;
  }

  async function cancelQuietly(subscriptionId: string): Promise<void> {
    try {
      const cancelled = await stripe.subscriptions.cancel(subscriptionId);
      await sync.applySubscription(cancelled);
    } catch (error) {
      if (!isMissing(error)) log(error);
    }
  }

  /** What the first invoice's payment needs: nothing (paid), the card holder, or a new card. */
  async function outcomeOf(subscription: Stripe.Subscription): Promise<CheckoutOutcome> {
    if (subscription.status === 'active' || subscription.status === 'trialing') {
      return { status: 'succeeded' };
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
      return {
        status: 'requires_action',
        clientSecret: intent.client_secret,
        subscriptionId: subscription.id,
      };
    }
    // Declined: end this attempt at Stripe so nothing lingers, and say why.
    if (subscription.status === 'incomplete') await cancelQuietly(subscription.id);
    const message = intent?.last_payment_error?.message ?? paymentFailedMessage;
    throw new AppError(402, intent?.last_payment_error?.code ?? 'payment_failed', message);
  }

  async function recordPaidInvoice(subscription: Stripe.Subscription): Promise<void> {
    const invoice = subscription.latest_invoice;
    if (invoice && typeof invoice !== 'string' && invoice.status === 'paid') {
      await sync.recordInvoice(invoice, 'succeeded');
    }
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    webhooks: createStripeWebhooks(db, stripe, settings.webhookSecret, sync),

    async checkout(payer, body) {
      const input = parseInput(stripeCheckoutSchema, body);
      const reservation = await reserve(payer, input);
      if (reservation.status === 'active' || reservation.status === 'past_due') {
        return { status: 'succeeded' };
      }
      const key = `${payer.id}-${input.idempotencyKey}`;
      try {
        const customer = await customerOf(payer);
        await stripe.paymentMethods.attach(
          input.paymentMethodId,
          { customer },
          { idempotencyKey: `attach-${key}` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer,
            items: [{ price: settings.prices[input.plan] }],
            default_payment_method: input.paymentMethodId,
            // Pay at once; a card that needs 3-D Secure leaves it incomplete for the browser.
            payment_behavior: 'allow_incomplete',
            metadata: { userId: payer.id, checkoutKey: input.idempotencyKey },
            expand: ['latest_invoice.payments'],
          },
          { idempotencyKey: `subscription-${key}` },
        );
        await sync.applySubscription(subscription);
        const outcome = await outcomeOf(subscription);
        if (outcome.status === 'succeeded') await recordPaidInvoice(subscription);
        return outcome;
      } catch (error) {
        await sync.releaseReservation(payer.id, input.idempotencyKey);
        throw toPaymentError(error, log);
      }
    },

    async confirmCheckout(payer, subscriptionId) {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.providerSubscriptionId, subscriptionId),
            eq(subscriptions.userId, payer.id),
          ),
        );
      if (!row) throw notFound('There is no payment waiting for confirmation.');
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
          expand: ['latest_invoice.payments'],
        });
        await sync.applySubscription(subscription);
        const outcome = await outcomeOf(subscription);
        if (outcome.status === 'requires_action') {
          throw new AppError(
            402,
            'authentication_required',
            'Your bank did not confirm the payment. Please try again.',
          );
        }
        await recordPaidInvoice(subscription);
      } catch (error) {
        throw toPaymentError(error, log);
      }
    },

    async switchPlan(subscription, tier) {
      if (!subscription.providerSubscriptionId) return null;
      try {
        const current = await stripe.subscriptions.retrieve(subscription.providerSubscriptionId);
        const item = current.items.data[0];
        if (!item)
          throw new AppError(
            409,
            'plan_changed',
            'Your plan changed meanwhile. Reload the page and try again.',
          );
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
  };
}
