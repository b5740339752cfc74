import { createHash } from 'node:crypto';
import { isPaidTier, type PaidTier, planFor, type TestCard } from '@tickerwise/shared';
import { AppError, notFound } from '../../../http/errors.ts';
import { monthlyCents, prorationCents } from '../payments.ts';
import type { BillingProvider, ProviderPayment } from './provider.ts';
import { testCardDecline } from './test-cards.ts';

/**
 * A payment id made from what identifies the charge: like Stripe with an idempotency key, the
 * same request charges once, however often it arrives.
 */
function paymentId(...parts: string[]): string {
  return `test_pay_${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}`;
}

/** One month later in UTC, the day clamped to the month's end (31 January -> 28 February). */
export function oneMonthAfter(start: Date): Date {
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

/** Charges a test card: Stripe's test cards succeed or fail as they do in Stripe's test mode. */
function charge(card: TestCard, amountCents: number, id: string) {
  const decline = testCardDecline(card.number);
  const payment: ProviderPayment = {
    providerPaymentId: id,
    amountCents,
    currency: 'usd',
    status: decline ? 'failed' : 'succeeded',
    failureMessage: decline?.message ?? null,
    cardLast4: card.number.slice(-4),
  };
  return { payment, decline };
}

/**
 * The offline payment system: our own card form and Stripe's test cards. It keeps no
 * subscriptions of its own: our rows are the subscription, renewed by the billing sweep.
 */
export function createTestProvider(): BillingProvider {
  return {
    name: 'test',
    publishableKey: null,
    webhooks: null,

    async subscribe({ payer, plan, checkoutKey, payment: details, now }) {
      if (!('card' in details)) {
        throw new AppError(400, 'validation_failed', 'Enter your card details.');
      }
      const price = monthlyCents(planFor(plan).price);
      const { payment, decline } = charge(details.card, price, paymentId(payer.id, checkoutKey));
      if (decline) {
        return { status: 'declined', subscription: null, payment, ...decline };
      }
      return {
        status: 'paid',
        subscription: {
          id: null,
          customerId: null,
          tier: plan,
          status: 'active',
          period: { start: now, end: oneMonthAfter(now) },
          endsAtPeriodEnd: false,
          scheduledTier: null,
          checkoutKey,
        },
        payment,
      };
    },

    async confirm() {
      // Test cards never ask for 3-D Secure, so there is never a payment to confirm.
      throw notFound('There is no payment waiting for confirmation.');
    },

    async retrieve() {
      return null;
    },

    async switchPlan(subscription, tier: PaidTier, now) {
      if (!isPaidTier(subscription.tier)) return null;
      return {
        providerPaymentId: paymentId(
          subscription.id,
          tier,
          String(subscription.updatedAt.getTime()),
        ),
        amountCents: prorationCents(
          subscription.tier,
          tier,
          { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
          now,
        ),
        currency: 'usd',
        status: 'succeeded',
        failureMessage: null,
        cardLast4: null,
      };
    },

    async scheduleEnd() {
      // Nothing to tell: the billing sweep ends or renews test subscriptions itself.
    },

    async cancel() {
      // Nothing kept here to end: the billing service ends our own row.
      return null;
    },
  };
}
