import { isPaidTier, type PaymentProvider, type SubscriptionTier } from '@tickerwise/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { lockTier, setTier } from '../profiles/service.ts';
import { recordPayment } from './payments.ts';
import type { ProviderPayment, ProviderSubscription } from './providers/provider.ts';
import { liveSubscription, openSubscription } from './subscriptions.ts';

export interface MirrorResult {
  /** A second paid subscription that must not stand beside the live one: end it at the provider. */
  stacked: boolean;
  /** An abandoned first attempt whose subscription at the provider should be ended. */
  abandonedSubscriptionId: string | null;
}

export interface FirstPaymentRecord {
  payment: ProviderPayment;
  /** The checkout attempt that paid it: a replay of that attempt answers from this row. */
  idempotencyKey: string;
}

/**
 * Mirrors a subscription as the payment system has it now into ours, and keeps the tier in
 * step, in one transaction with the user's tier locked: paid while a subscription is live,
 * else the plan the user scheduled (Free when they scheduled none). Working from the payment
 * system's current state means events that arrive late, twice or out of order cannot move the
 * tier backwards. A first payment passed along is recorded in the same transaction.
 */
export async function mirrorSubscription(
  db: Db,
  provider: PaymentProvider,
  userId: string,
  state: ProviderSubscription,
  firstPayment?: FirstPaymentRecord,
): Promise<MirrorResult> {
  const result: MirrorResult = { stacked: false, abandonedSubscriptionId: null };
  const { tier, status } = state;
  if (!tier) return result;
  const checkoutKey = state.checkoutKey ?? state.id;
  if (!checkoutKey) throw new Error('A subscription without an id or a checkout attempt');

  await db.transaction(async (tx) => {
    const currentTier = await lockTier(tx, userId);
    const [existing] = state.id
      ? await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.providerSubscriptionId, state.id))
      : [];
    const scheduledTier: SubscriptionTier | null = state.endsAtPeriodEnd
      ? (state.scheduledTier ?? existing?.scheduledTier ?? 'free')
      : null;
    const values = {
      tier,
      status,
      currentPeriodStart: state.period.start,
      currentPeriodEnd: state.period.end,
      scheduledTier,
      updatedAt: sql`now()`,
      endedAt: status === 'canceled' ? sql`coalesce(${subscriptions.endedAt}, now())` : null,
    };

    let rowId: string | undefined = existing?.id;
    if (existing) {
      await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
    } else {
      const open = await openSubscription(tx, userId);
      if (open && !open.providerSubscriptionId && open.checkoutKey === checkoutKey) {
        // Our checkout reserved this attempt before calling the payment system: this is it.
        rowId = open.id;
        await tx
          .update(subscriptions)
          .set({ ...values, providerSubscriptionId: state.id })
          .where(eq(subscriptions.id, open.id));
      } else {
        let insertStatus = status;
        if (open && status !== 'canceled') {
          if (open.status === 'incomplete') {
            result.abandonedSubscriptionId = open.providerSubscriptionId;
            await tx
              .update(subscriptions)
              .set({ status: 'canceled', endedAt: sql`now()`, updatedAt: sql`now()` })
              .where(eq(subscriptions.id, open.id));
          } else {
            result.stacked = true;
            insertStatus = 'canceled';
          }
        }
        const [inserted] = await tx
          .insert(subscriptions)
          .values({
            ...values,
            status: insertStatus,
            endedAt: insertStatus === 'canceled' ? sql`now()` : null,
            userId,
            provider,
            providerSubscriptionId: state.id,
            checkoutKey,
          })
          .returning({ id: subscriptions.id });
        rowId = inserted?.id;
      }
    }

    if (firstPayment && rowId) {
      await recordPayment(
        tx,
        { subscriptionId: rowId, userId, provider, tier },
        firstPayment.payment,
        'subscription',
        firstPayment.idempotencyKey,
      );
    }

    const live = await liveSubscription(tx, userId);
    let target = currentTier;
    if (live) target = live.tier;
    else if (isPaidTier(currentTier)) {
      target = state.scheduledTier ?? existing?.scheduledTier ?? 'free';
    }
    if (target !== currentTier) await setTier(tx, userId, target);
  });
  return result;
}
