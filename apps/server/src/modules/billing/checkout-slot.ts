import type { PaidTier, SubscriptionTier } from '@tickerwise/shared';
import { isPaidTier } from '@tickerwise/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { lockTier } from '../profiles/service.ts';
import { type PaymentRow, paymentOfAttempt } from './payments.ts';
import { openSubscription, type SubscriptionRow } from './subscriptions.ts';

/** A reservation younger than this that the payment system has not seen is a checkout still running. */
const reservationTtlMs = 60_000;

/** What a checkout attempt finds when it takes the user's one open subscription slot. */
export type CheckoutSlot =
  /** This attempt was settled before (a replay): answer as then, charge nothing. */
  | { kind: 'settled'; payment: PaymentRow }
  /** This attempt's subscription is paid and live already. */
  | { kind: 'live' }
  /** The slot is this attempt's: go on to the payment system. */
  | { kind: 'reserved'; slot: SubscriptionRow; abandoned: string[] };

export const reusedKey = () =>
  new AppError(409, 'idempotency_key_reused', 'This payment was already made for another plan.');

/** Checkout sells a paid plan only to a user who has none (no stacking, no double charge). */
export function assertCanCheckout(tier: SubscriptionTier, open: SubscriptionRow | null): void {
  if (isPaidTier(tier) || (open && open.status !== 'incomplete')) {
    throw new AppError(
      409,
      'already_subscribed',
      'You already have a paid plan. Change it from the pricing page instead.',
    );
  }
}

/**
 * Holds the user's one open subscription slot for this attempt before any money moves, with
 * their tier locked, so two attempts at once (two tabs) cannot both buy a plan, and a repeated
 * attempt (same idempotency key) is answered from what it did the first time. Earlier
 * attempts that were left unfinished are ended here; the subscriptions they made at the
 * payment system come back in `abandoned`, to be cancelled there.
 */
export async function reserveCheckout(
  db: Db,
  input: {
    provider: SubscriptionRow['provider'];
    userId: string;
    plan: PaidTier;
    checkoutKey: string;
    now: Date;
  },
): Promise<CheckoutSlot> {
  return db.transaction(async (tx): Promise<CheckoutSlot> => {
    const tier = await lockTier(tx, input.userId);
    const earlier = await paymentOfAttempt(tx, input.userId, input.checkoutKey);
    if (earlier) {
      if (earlier.tier !== input.plan) throw reusedKey();
      return { kind: 'settled', payment: earlier };
    }
    const open = await openSubscription(tx, input.userId);
    if (open?.checkoutKey === input.checkoutKey) {
      if (open.tier !== input.plan) throw reusedKey();
      return open.status === 'incomplete'
        ? { kind: 'reserved', slot: open, abandoned: [] }
        : { kind: 'live' };
    }
    assertCanCheckout(tier, open);
    const abandoned: string[] = [];
    if (open) {
      const running = input.now.getTime() - open.createdAt.getTime() < reservationTtlMs;
      if (!open.providerSubscriptionId && running) {
        throw new AppError(409, 'payment_in_progress', 'Your payment is already being processed.');
      }
      if (open.providerSubscriptionId) abandoned.push(open.providerSubscriptionId);
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', endedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(subscriptions.id, open.id));
    }
    const [slot] = await tx
      .insert(subscriptions)
      .values({
        userId: input.userId,
        provider: input.provider,
        checkoutKey: input.checkoutKey,
        tier: input.plan,
        status: 'incomplete',
        currentPeriodStart: input.now,
        currentPeriodEnd: input.now,
        createdAt: input.now,
      })
      .returning();
    if (!slot) throw new Error('The checkout was not reserved');
    return { kind: 'reserved', slot, abandoned };
  });
}

/** Frees the slot of an attempt the payment system never took up, so the user can try again. */
export async function releaseCheckout(db: Db, userId: string, checkoutKey: string): Promise<void> {
  await db
    .delete(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.checkoutKey, checkoutKey),
        isNull(subscriptions.providerSubscriptionId),
        eq(subscriptions.status, 'incomplete'),
      ),
    );
}
