import { type BillingStatus, isPaidTier } from '@tickerwise/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = SubscriptionRow['status'];

/** Statuses in which the user has (and keeps) the paid tier. */
export const liveStatuses = ['active', 'past_due'] as const;

/** The user's paid subscription that grants their tier now, if any. */
export async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, liveStatuses)));
  return row ?? null;
}

/** The user's one subscription that is not canceled (live, or waiting for its first payment). */
export async function openSubscription(db: Db, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
  return row ?? null;
}

/** The user's subscription the payment system knows by `providerSubscriptionId`, if any. */
export async function subscriptionAtProvider(
  db: Db,
  userId: string,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        eq(subscriptions.userId, userId),
      ),
    );
  return row ?? null;
}

/** `GET /api/billing/subscription`: the paid plan the user has now, and any scheduled move. */
export async function billingStatus(db: Db, userId: string): Promise<BillingStatus> {
  const row = await liveSubscription(db, userId);
  if (!row || !isPaidTier(row.tier)) return { subscription: null };
  return {
    subscription: {
      tier: row.tier,
      status: row.status === 'past_due' ? 'past_due' : 'active',
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      scheduledTier: row.scheduledTier,
    },
  };
}
