import { randomUUID } from 'node:crypto';
import { isPaidTier, planFor, testCheckoutSchema } from '@tickerwise/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';
import { AppError, notFound, parseInput } from '../../../http/errors.ts';
import { lockTier, monthlyCents, openSubscription } from '../records.ts';
import { assertCanCheckout, prorationCents, startSubscription } from '../service.ts';
import type { BillingProvider } from './provider.ts';
import { testCardDecline } from './test-cards.ts';

const testPaymentId = () => `test_pay_${randomUUID()}`;

const reusedKey = () =>
  new AppError(409, 'idempotency_key_reused', 'This payment was already made for another plan.');

/**
 * The offline provider: our own card form, Stripe's test cards, and the money recorded in
 * our database. A repeated checkout (double click, replayed request) answers from the payment
 * its idempotency key already recorded instead of charging again.
 */
export function createTestProvider(db: Db): BillingProvider {
  return {
    name: 'test',
    publishableKey: null,

    async checkout(payer, body) {
      const input = parseInput(testCheckoutSchema, body);
      const decline = testCardDecline(input.card.number);
      const cardLast4 = input.card.number.slice(-4);
      const price = monthlyCents(planFor(input.plan).price);

      const refused = await db.transaction(async (tx) => {
        const tier = await lockTier(tx, payer.id);
        const [earlier] = await tx
          .select()
          .from(payments)
          .where(
            and(eq(payments.userId, payer.id), eq(payments.idempotencyKey, input.idempotencyKey)),
          );
        if (earlier) {
          if (earlier.tier !== input.plan) throw reusedKey();
          return earlier.status === 'failed'
            ? (earlier.failureMessage ?? 'Your card was declined.')
            : null;
        }
        assertCanCheckout(tier, await openSubscription(tx, payer.id));
        if (decline) {
          // Kept so that a replay of this attempt is refused the same way without a new charge.
          await tx.insert(payments).values({
            userId: payer.id,
            provider: 'test',
            providerPaymentId: testPaymentId(),
            idempotencyKey: input.idempotencyKey,
            kind: 'subscription',
            tier: input.plan,
            amountCents: price,
            status: 'failed',
            failureMessage: decline.message,
            cardLast4,
          });
          return decline.message;
        }
        await startSubscription(tx, {
          userId: payer.id,
          provider: 'test',
          tier: input.plan,
          checkoutKey: input.idempotencyKey,
          payment: {
            providerPaymentId: testPaymentId(),
            idempotencyKey: input.idempotencyKey,
            amountCents: price,
            status: 'succeeded',
            cardLast4,
          },
        });
        return null;
      });
      if (refused !== null) {
        throw new AppError(402, decline?.code ?? 'card_declined', refused);
      }
      return { status: 'succeeded' };
    },

    async confirmCheckout() {
      // Test cards never ask for 3-D Secure, so there is never a payment to confirm.
      throw notFound('There is no payment waiting for confirmation.');
    },

    async switchPlan(subscription, tier, now) {
      if (!isPaidTier(subscription.tier)) return null;
      return {
        userId: subscription.userId,
        subscriptionId: subscription.id,
        provider: 'test',
        providerPaymentId: testPaymentId(),
        kind: 'proration',
        tier,
        amountCents: prorationCents(
          subscription.tier,
          tier,
          { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
          now,
        ),
        status: 'succeeded',
      };
    },

    async scheduleEnd() {
      // Nothing to tell: the billing sweep ends or renews test subscriptions itself.
    },
  };
}
