import {
  isPaidTier,
  type PaidTier,
  type PlanChangeResult,
  planFor,
  planMove,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { getMe, setTier } from '../profiles/service.ts';
import type { BillingProvider, Payer } from './providers/provider.ts';
import {
  billingStatus,
  liveStatuses,
  liveSubscription,
  lockTier,
  monthlyCents,
  type NewPayment,
  type SubscriptionRow,
} from './records.ts';

/**
 * The prorated difference of moving from `from` to `to` for the rest of the period: what is
 * left of the period at the new price minus the same at the old one. Negative is a credit.
 */
export function prorationCents(
  from: PaidTier,
  to: PaidTier,
  period: { start: Date; end: Date },
  now: Date,
): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0) return 0;
  const left = Math.min(1, Math.max(0, (period.end.getTime() - now.getTime()) / length));
  const difference = monthlyCents(planFor(to).price) - monthlyCents(planFor(from).price);
  return Math.round(difference * left);
}

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

export interface NewSubscription {
  userId: string;
  provider: BillingProvider['name'];
  tier: PaidTier;
  checkoutKey: string;
  payment: Omit<NewPayment, 'userId' | 'subscriptionId' | 'provider' | 'tier' | 'kind'>;
}

/** Records a paid first month, its payment and the new tier: one transaction (`tx` only). */
export async function startSubscription(tx: Db, input: NewSubscription): Promise<void> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: input.userId,
      provider: input.provider,
      checkoutKey: input.checkoutKey,
      tier: input.tier,
      status: 'active',
      currentPeriodStart: sql`now()`,
      currentPeriodEnd: sql`now() + interval '1 month'`,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('The subscription was not stored');
  await tx.insert(payments).values({
    ...input.payment,
    userId: input.userId,
    subscriptionId: row.id,
    provider: input.provider,
    tier: input.tier,
    kind: 'subscription',
  });
  await setTier(tx, input.userId, input.tier);
}

const changeConflict = () =>
  new AppError(409, 'plan_changed', 'Your plan changed meanwhile. Reload the page and try again.');

/** Applies a plan change chosen on /plan-change (never a move that needs checkout). */
export async function changePlan(
  db: Db,
  provider: BillingProvider,
  payer: Payer,
  target: SubscriptionTier,
): Promise<PlanChangeResult> {
  const { subscription_tier: current } = await getMe(db, payer);
  const live = await liveSubscription(db, payer.id);
  const move = planMove(current, target, live);
  const targetName = planFor(target).name;
  let outcome: PlanChangeResult['outcome'] = 'applied';

  if (move === 'checkout') {
    throw new AppError(402, 'payment_required', `The ${targetName} plan starts with a payment.`);
  }
  if (move === 'none') {
    throw new AppError(409, 'no_change', `You are already on the ${targetName} plan.`);
  }
  if (move === 'immediate') {
    await db.transaction(async (tx) => {
      if ((await lockTier(tx, payer.id)) !== current) throw changeConflict();
      await setTier(tx, payer.id, target);
    });
  } else if (live && move === 'switch' && isPaidTier(target)) {
    const payment = await provider.switchPlan(live, target, new Date());
    await db.transaction(async (tx) => {
      // What was read above may be stale by now: read it again under the lock.
      const tier = await lockTier(tx, payer.id);
      const [subscription] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, live.id), inArray(subscriptions.status, liveStatuses)));
      if (subscription?.tier === target) {
        // This very switch was made meanwhile (the same request sent twice, or the provider's
        // webhook), and recorded with its payment once: nothing is left to do.
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
      if (payment) await tx.insert(payments).values(payment);
      await setTier(tx, payer.id, target);
    });
  } else if (live && (move === 'schedule' || move === 'keep')) {
    const scheduledTier = move === 'schedule' ? target : null;
    await provider.scheduleEnd(live, scheduledTier);
    await db
      .update(subscriptions)
      .set({ scheduledTier, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, live.id));
    outcome = move === 'schedule' ? 'scheduled' : 'kept';
  }
  return { outcome, me: await getMe(db, payer), billing: await billingStatus(db, payer.id) };
}
