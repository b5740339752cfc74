import { type BillingStatus, isPaidTier, type SubscriptionTier } from '@tickerwise/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type payments, profiles, subscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Statuses in which the user has (and keeps) the paid tier. */
export const liveStatuses = ['active', 'past_due'] as const;

/**
 * The user's tier, with their profile row locked until the transaction ends: every billing
 * write for one user goes through this, so two requests of one user (a double click, two
 * tabs, a webhook) cannot both act on the same state.
 */
export async function lockTier(tx: Db, userId: string): Promise<SubscriptionTier> {
  const [row] = await tx
    .select({ tier: profiles.subscriptionTier })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  if (!row) throw new Error(`No profile for ${userId}`);
  return row.tier;
}

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

/** Cents of a plan's monthly price. */
export function monthlyCents(price: number): number {
  return Math.round(price * 100);
}

/** True when a database error is a unique violation (two writers raced for one row). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}
