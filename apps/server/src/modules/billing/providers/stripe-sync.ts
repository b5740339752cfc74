import { isPaidTier, type PaidTier, type SubscriptionTier } from '@tickerwise/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { billingCustomers, payments, subscriptions } from '../../../db/schema/index.ts';
import { setTier } from '../../profiles/service.ts';
import { liveSubscription, lockTier, openSubscription } from '../records.ts';

type LocalStatus = (typeof subscriptions.$inferSelect)['status'];

function localStatus(status: Stripe.Subscription.Status): LocalStatus {
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
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  const subscription = invoice.parent?.subscription_details?.subscription ?? legacy ?? null;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

export interface SyncResult {
  userId: string | null;
  /** A second paid subscription that must not stand beside the live one (cancel it at Stripe). */
  stacked: boolean;
  /** An abandoned first attempt whose Stripe subscription should be cancelled. */
  abandonedSubscriptionId: string | null;
}

/**
 * Mirrors Stripe's subscriptions into ours and keeps the tier in step: paid while a
 * subscription is live, else the plan the user scheduled (Free when they scheduled none).
 * It always works from the subscription as Stripe has it now, so events that arrive late,
 * twice or out of order cannot move the tier backwards.
 */
export function createStripeSync(db: Db, prices: Record<PaidTier, string>) {
  const tierOfPrice = (priceId: string | undefined): PaidTier | null =>
    priceId === prices.pro ? 'pro' : priceId === prices.enterprise ? 'enterprise' : null;

  async function userOfCustomer(customer: Stripe.Subscription['customer']): Promise<string | null> {
    const [row] = await db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(eq(billingCustomers.providerCustomerId, idOf(customer)));
    return row?.userId ?? null;
  }

  async function applySubscription(subscription: Stripe.Subscription): Promise<SyncResult> {
    const result: SyncResult = { userId: null, stacked: false, abandonedSubscriptionId: null };
    const userId = await userOfCustomer(subscription.customer);
    const tier = tierOfPrice(subscription.items.data[0]?.price.id);
    if (!userId || !tier) return result;
    result.userId = userId;
    const status = localStatus(subscription.status);
    const { start, end } = periodOf(subscription);
    const endsAtPeriodEnd = subscription.cancel_at_period_end || subscription.cancel_at !== null;
    const checkoutKey = subscription.metadata?.checkoutKey ?? subscription.id;
    const chosen = subscription.metadata?.scheduledTier;
    const chosenTier = chosen === 'free' || chosen === 'alpha' ? chosen : null;

    await db.transaction(async (tx) => {
      const currentTier = await lockTier(tx, userId);
      const [existing] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, subscription.id));
      const scheduledTier: SubscriptionTier | null = endsAtPeriodEnd
        ? (chosenTier ?? existing?.scheduledTier ?? 'free')
        : null;
      const values = {
        tier,
        status,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        scheduledTier,
        updatedAt: sql`now()`,
        endedAt: status === 'canceled' ? sql`coalesce(${subscriptions.endedAt}, now())` : null,
      };

      if (existing) {
        await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
      } else {
        const open = await openSubscription(tx, userId);
        if (open && !open.providerSubscriptionId && open.checkoutKey === checkoutKey) {
          // Our checkout reserved this attempt before calling Stripe: this is it.
          await tx
            .update(subscriptions)
            .set({ ...values, providerSubscriptionId: subscription.id })
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
          await tx.insert(subscriptions).values({
            ...values,
            status: insertStatus,
            endedAt: insertStatus === 'canceled' ? sql`now()` : null,
            userId,
            provider: 'stripe',
            providerSubscriptionId: subscription.id,
            checkoutKey,
          });
        }
      }

      const live = await liveSubscription(tx, userId);
      let target = currentTier;
      if (live) target = live.tier;
      else if (isPaidTier(currentTier)) target = chosenTier ?? existing?.scheduledTier ?? 'free';
      if (target !== currentTier) await setTier(tx, userId, target);
    });
    return result;
  }

  /** Records an invoice as a payment; a later success wins over an earlier failure. */
  async function recordInvoice(
    invoice: Stripe.Invoice,
    status: 'succeeded' | 'failed',
  ): Promise<{ userId: string; tier: SubscriptionTier } | null> {
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (!subscriptionId || !invoice.id) return null;
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    if (!row) return null;
    const kind =
      invoice.billing_reason === 'subscription_create'
        ? 'subscription'
        : invoice.billing_reason === 'subscription_update'
          ? 'proration'
          : 'renewal';
    const insert = db.insert(payments).values({
      userId: row.userId,
      subscriptionId: row.id,
      provider: 'stripe',
      providerPaymentId: invoice.id,
      kind,
      tier: row.tier,
      amountCents: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status,
      failureMessage: status === 'failed' ? 'The payment was declined.' : null,
    });
    if (status === 'failed') await insert.onConflictDoNothing();
    else
      await insert.onConflictDoUpdate({
        target: payments.providerPaymentId,
        set: { status: 'succeeded', amountCents: invoice.amount_paid, failureMessage: null },
      });
    return { userId: row.userId, tier: row.tier };
  }

  /** Drops a checkout reservation that never reached Stripe, so the user can try again. */
  async function releaseReservation(userId: string, checkoutKey: string): Promise<void> {
    await db
      .delete(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.checkoutKey, checkoutKey),
          isNull(subscriptions.providerSubscriptionId),
        ),
      );
  }

  return { applySubscription, recordInvoice, releaseReservation, tierOfPrice };
}

export type StripeSync = ReturnType<typeof createStripeSync>;
