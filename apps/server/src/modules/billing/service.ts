import {
  type BillingStatus,
  type CheckoutResult,
  checkoutConfirmSchema,
  isPaidTier,
  type PaidTier,
  type PaymentHistory,
  type PlanChangeResult,
  planFor,
  planMove,
  type SubscriptionTier,
  stripeCheckoutSchema,
  testCheckoutSchemaOn,
} from '@tickerwise/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { AppError, notFound, parseInput } from '../../http/errors.ts';
import { getMe, lockTier, setTier } from '../profiles/service.ts';
import { billingDataPart } from './billing-data.ts';
import type { BillingDeps } from './billing-deps.ts';
import { releaseCheckout, reserveCheckout } from './checkout-slot.ts';
import { keepPaymentsOfClosedAccount, paymentHistory, recordPayment } from './payments.ts';
import { providerEventHandler } from './provider-events.ts';
import type { FirstPayment, Payer, PaymentDetails, ProviderEvent } from './providers/provider.ts';
import { mirrorSubscription } from './subscription-mirror.ts';
import {
  billingStatus,
  liveStatuses,
  liveSubscription,
  openSubscription,
  subscriptionAtProvider,
} from './subscriptions.ts';

export type { BillingNotice } from './notices.ts';
export type { BillingDeps };

const changeConflict = () =>
  new AppError(409, 'plan_changed', 'Your plan changed meanwhile. Reload the page and try again.');

/**
 * The billing rules: checkout, plan changes and what the payment system reports. The one
 * place a user's tier changes (with the sweep that applies scheduled moves). Each path parses
 * with the shared schema, locks the user's tier while it decides, is idempotent, and records
 * what happened in our rows; the provider only moves money.
 */
export function createBillingService(deps: BillingDeps) {
  const { db, provider, clock, log, claimInvitation } = deps;
  const testCheckoutSchema = testCheckoutSchemaOn(clock);

  /** The checkout body of this provider's card form, as its shared schema reads it. */
  function parseCheckout(body: unknown) {
    if (provider.name === 'test') {
      const { card, ...input } = parseInput(testCheckoutSchema, body);
      return { ...input, payment: { card } satisfies PaymentDetails };
    }
    const { paymentMethodId, ...input } = parseInput(stripeCheckoutSchema, body);
    return { ...input, payment: { paymentMethodId } satisfies PaymentDetails };
  }

  async function paid(payer: Payer): Promise<CheckoutResult> {
    return {
      status: 'succeeded',
      me: await getMe(db, payer),
      billing: await billingStatus(db, payer.id),
    };
  }

  /** Ends a subscription at the payment system that must not go on; a failure is only logged. */
  async function endAtProvider(userId: string, providerSubscriptionId: string): Promise<void> {
    try {
      const ended = await provider.cancel(providerSubscriptionId);
      if (ended) await mirrorSubscription(db, provider.name, userId, ended);
    } catch (error) {
      log(error);
    }
  }

  /** Records how a first payment came out and answers the browser. */
  async function settle(
    payer: Payer,
    outcome: FirstPayment,
    attempt: { checkoutKey: string; plan: PaidTier },
  ): Promise<CheckoutResult> {
    if (outcome.status === 'paid') {
      const { payment } = outcome;
      const record = payment ? { payment, idempotencyKey: attempt.checkoutKey } : undefined;
      await mirrorSubscription(db, provider.name, payer.id, outcome.subscription, record);
      return paid(payer);
    }
    if (outcome.subscription) {
      await mirrorSubscription(db, provider.name, payer.id, outcome.subscription);
    }
    if (outcome.status === 'requires_action') {
      if (!outcome.subscription.id) throw new Error('A payment to confirm without a subscription');
      return {
        status: 'requires_action',
        clientSecret: outcome.clientSecret,
        subscriptionId: outcome.subscription.id,
      };
    }
    // Refused: keep the refusal (a replay is refused the same way without a new charge), end
    // the attempt at the payment system so that nothing lingers, and say why.
    if (outcome.payment) {
      const owner = { userId: payer.id, subscriptionId: null, provider: provider.name };
      await recordPayment(
        db,
        { ...owner, tier: attempt.plan },
        outcome.payment,
        'subscription',
        attempt.checkoutKey,
      );
    }
    const made = outcome.subscription;
    if (made?.id && made.status === 'incomplete') await endAtProvider(payer.id, made.id);
    await releaseCheckout(db, payer.id, attempt.checkoutKey);
    throw new AppError(402, outcome.code, outcome.message);
  }

  const events = providerEventHandler(deps);

  return {
    status: (userId: string): Promise<BillingStatus> => billingStatus(db, userId),

    /** `POST /api/billing/checkout`: buys a paid plan for a user who has none. */
    async checkout(payer: Payer, body: unknown): Promise<CheckoutResult> {
      const input = parseCheckout(body);
      const now = clock();
      const slot = await reserveCheckout(db, {
        provider: provider.name,
        userId: payer.id,
        plan: input.plan,
        checkoutKey: input.idempotencyKey,
        now,
      });
      if (slot.kind === 'settled') {
        if (slot.payment.status === 'failed') {
          throw new AppError(
            402,
            'card_declined',
            slot.payment.failureMessage ?? 'Your card was declined.',
          );
        }
        return paid(payer);
      }
      if (slot.kind === 'live') return paid(payer);
      for (const id of slot.abandoned) await endAtProvider(payer.id, id);

      let outcome: FirstPayment;
      try {
        outcome = await provider.subscribe({
          payer,
          plan: input.plan,
          checkoutKey: input.idempotencyKey,
          payment: input.payment,
          now,
        });
      } catch (error) {
        await releaseCheckout(db, payer.id, input.idempotencyKey);
        throw error;
      }
      return settle(payer, outcome, { checkoutKey: input.idempotencyKey, plan: input.plan });
    },

    /** `POST /api/billing/checkout/confirm`: after the card holder confirmed with their bank. */
    async confirmCheckout(payer: Payer, body: unknown): Promise<CheckoutResult> {
      const { subscriptionId } = parseInput(checkoutConfirmSchema, body);
      const row = await subscriptionAtProvider(db, payer.id, subscriptionId);
      if (!row) throw notFound('There is no payment waiting for confirmation.');
      const outcome = await provider.confirm(subscriptionId);
      if (outcome.status === 'requires_action') {
        await mirrorSubscription(db, provider.name, payer.id, outcome.subscription);
        throw new AppError(
          402,
          'authentication_required',
          'Your bank did not confirm the payment. Please try again.',
        );
      }
      if (!isPaidTier(row.tier)) throw notFound('There is no payment waiting for confirmation.');
      return settle(payer, outcome, { checkoutKey: row.checkoutKey, plan: row.tier });
    },

    /** `POST /api/billing/plan-change`: a change chosen on /plan-change (never one that needs checkout). */
    async changePlan(
      payer: Payer,
      target: SubscriptionTier,
      invitationCode?: string,
    ): Promise<PlanChangeResult> {
      const { subscription_tier: current } = await getMe(db, payer);
      const live = await liveSubscription(db, payer.id);
      const move = planMove(current, target, live);
      const targetName = planFor(target).name;
      let outcome: PlanChangeResult['outcome'] = 'applied';

      if (move === 'checkout') {
        throw new AppError(
          402,
          'payment_required',
          `The ${targetName} plan starts with a payment.`,
        );
      }
      if (move === 'none') {
        throw new AppError(409, 'no_change', `You are already on the ${targetName} plan.`);
      }
      if (move === 'immediate') {
        await db.transaction(async (tx) => {
          if ((await lockTier(tx, payer.id)) !== current) throw changeConflict();
          // Alpha is by invitation: the code is spent with the move, or not at all.
          if (target === 'alpha') await claimInvitation(tx, invitationCode, payer.id);
          await setTier(tx, payer.id, target);
        });
      } else if (live && move === 'switch' && isPaidTier(target)) {
        const payment = await provider.switchPlan(live, target, clock());
        await db.transaction(async (tx) => {
          // What was read above may be stale by now: read it again under the lock.
          const tier = await lockTier(tx, payer.id);
          const [subscription] = await tx
            .select()
            .from(subscriptions)
            .where(and(eq(subscriptions.id, live.id), inArray(subscriptions.status, liveStatuses)));
          if (subscription?.tier === target) {
            // This very switch was made meanwhile (the same request sent twice, or the
            // provider's webhook), and recorded with its payment once: nothing is left to do.
            if (tier !== target) await setTier(tx, payer.id, target);
            return;
          }
          if (!subscription || subscription.tier !== live.tier || tier !== current) {
            throw changeConflict();
          }
          await tx
            .update(subscriptions)
            .set({ tier: target, scheduledTier: null, updatedAt: sql`now()` })
            .where(eq(subscriptions.id, live.id));
          if (payment) {
            const owner = { userId: payer.id, subscriptionId: live.id, provider: live.provider };
            await recordPayment(tx, { ...owner, tier: target }, payment, 'proration');
          }
          await setTier(tx, payer.id, target);
        });
      } else if (live && (move === 'schedule' || move === 'keep')) {
        const scheduledTier = move === 'schedule' ? target : null;
        // A move to Alpha at the period's end spends its invitation code now.
        const claim =
          scheduledTier === 'alpha'
            ? await claimInvitation(db, invitationCode, payer.id)
            : undefined;
        try {
          await provider.scheduleEnd(live, scheduledTier);
        } catch (error) {
          await claim?.release();
          throw error;
        }
        await db
          .update(subscriptions)
          .set({ scheduledTier, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, live.id));
        outcome = move === 'schedule' ? 'scheduled' : 'kept';
      }
      return { outcome, me: await getMe(db, payer), billing: await billingStatus(db, payer.id) };
    },

    /**
     * Ends the user's subscription now, at the payment system and here, without waiting for
     * the period end (no refund): for an account that is being closed. The user leaves the
     * paid tier for the plan they scheduled, or Free.
     */
    async endSubscriptionNow(userId: string): Promise<void> {
      const open = await openSubscription(db, userId);
      if (!open) return;
      if (open.providerSubscriptionId) {
        const ended = await provider.cancel(open.providerSubscriptionId);
        if (ended) await mirrorSubscription(db, provider.name, userId, ended);
      }
      await db.transaction(async (tx) => {
        const tier = await lockTier(tx, userId);
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', endedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(subscriptions.id, open.id), ne(subscriptions.status, 'canceled')));
        if (isPaidTier(tier)) await setTier(tx, userId, open.scheduledTier ?? 'free');
      });
    },

    /** `GET /api/billing/payments`: every payment of the user's, newest first. */
    payments: (userId: string): Promise<PaymentHistory> => paymentHistory(db, userId),

    /**
     * Inside the transaction that deletes the user (`tx` only): the payments the law keeps
     * stay, no longer tied to them; the rest of their billing rows go with the user.
     */
    keepRecordsOfClosedAccount: (tx: Db, userId: string): Promise<void> =>
      keepPaymentsOfClosedAccount(tx, userId),

    /** The user's billing rows in the data export. */
    dataPart: billingDataPart(db),

    /** Acts once on a verified event of the payment system, however often it is delivered. */
    handleEvent: (event: ProviderEvent): Promise<void> => events.handle(event),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
