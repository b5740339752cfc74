import { isPaidTier, type PaidTier, type PaymentHistory, planFor } from '@tickerwise/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';
import type { ProviderInvoice, ProviderPayment } from './providers/provider.ts';
import type { SubscriptionRow } from './subscriptions.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentKind = PaymentRow['kind'];

/** Cents of a plan's monthly price. */
export function monthlyCents(price: number): number {
  return Math.round(price * 100);
}

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

/** The payment a checkout attempt (its idempotency key) already recorded, if any. */
export async function paymentOfAttempt(
  db: Db,
  userId: string,
  idempotencyKey: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** Whose payment it is, for which plan, and of which subscription (none for a refused first one). */
export interface PaymentOwner {
  userId: string;
  subscriptionId: string | null;
  provider: PaymentRow['provider'];
  tier: PaymentRow['tier'];
}

/**
 * Records money the payment system took or refused for a subscription, once per payment id:
 * a payment reported twice (a replayed request, a webhook) is one row, and a later success
 * wins over an earlier failure of the same payment.
 */
export async function recordPayment(
  db: Db,
  owner: PaymentOwner,
  payment: ProviderPayment,
  kind: PaymentKind,
  idempotencyKey: string | null = null,
): Promise<void> {
  const insert = db.insert(payments).values({
    ...owner,
    kind,
    idempotencyKey,
    ...payment,
  });
  if (payment.status === 'failed') {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: payments.providerPaymentId,
    set: { status: 'succeeded', amountCents: payment.amountCents, failureMessage: null },
  });
}

/**
 * Records an invoice of the payment system as a payment. Answers whose plan it was for, or
 * null for an invoice of no subscription of ours.
 */
export async function recordInvoice(
  db: Db,
  invoice: ProviderInvoice,
  status: 'succeeded' | 'failed',
): Promise<{ userId: string; tier: SubscriptionRow['tier'] } | null> {
  if (!invoice.subscriptionId) return null;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, invoice.subscriptionId));
  if (!row) return null;
  const paid = status === 'succeeded';
  const owner = {
    userId: row.userId,
    subscriptionId: row.id,
    provider: row.provider,
    tier: row.tier,
  };
  await recordPayment(
    db,
    owner,
    {
      providerPaymentId: invoice.id,
      amountCents: paid ? invoice.amountPaidCents : invoice.amountDueCents,
      currency: invoice.currency,
      status,
      failureMessage: paid ? null : 'The payment was declined.',
      cardLast4: null,
    },
    invoice.kind,
  );
  return { userId: row.userId, tier: row.tier };
}

/** `GET /api/billing/payments`: the user's payments, newest first (docs/PRODUCT.md §3.19). */
export async function paymentHistory(db: Db, userId: string): Promise<PaymentHistory> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return {
    payments: rows.flatMap((row) =>
      isPaidTier(row.tier)
        ? [
            {
              id: row.id,
              date: row.createdAt.toISOString(),
              tier: row.tier,
              kind: row.kind,
              amountCents: row.amountCents,
              currency: row.currency,
              status: row.status,
              failureMessage: row.failureMessage,
              cardLast4: row.cardLast4,
            },
          ]
        : [],
    ),
  };
}

/**
 * What stays of a closed account's payments (docs/PRODUCT.md §5.1): a payment taken is a
 * billing record the law keeps, so it stays with its date, plan, amount, currency and the
 * payment system's reference, and loses everything that tied it to the person (the user, the
 * card's last digits, the checkout attempt). Refused payments moved no money and are deleted.
 * Runs inside the deletion's transaction (`tx` only).
 */
export async function keepPaymentsOfClosedAccount(tx: Db, userId: string): Promise<void> {
  await tx.delete(payments).where(and(eq(payments.userId, userId), eq(payments.status, 'failed')));
  await tx
    .update(payments)
    .set({ userId: null, cardLast4: null, idempotencyKey: null, failureMessage: null })
    .where(eq(payments.userId, userId));
}
