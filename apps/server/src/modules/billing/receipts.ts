import { isPaidTier, type Receipt, receiptNumber } from '@tickerwise/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';

/** Receipts are payments taken: money in (a credit for a switch down is no receipt). */
const isReceipt = and(eq(payments.status, 'succeeded'), gt(payments.amountCents, 0));

const receiptColumns = {
  id: payments.id,
  userId: payments.userId,
  createdAt: payments.createdAt,
  tier: payments.tier,
  kind: payments.kind,
  amountCents: payments.amountCents,
  currency: payments.currency,
  cardLast4: payments.cardLast4,
  subscriptionEnd: subscriptions.currentPeriodEnd,
};

type ReceiptRow = {
  id: string;
  userId: string | null;
  createdAt: Date;
  tier: typeof payments.$inferSelect.tier;
  kind: Receipt['kind'];
  amountCents: number;
  currency: string;
  cardLast4: string | null;
  subscriptionEnd: Date | null;
};

/** A month after `date`, on the same day of the month (the last day when it has fewer). */
function monthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return next;
}

/**
 * The period a payment is for, as our records have it: a first payment or a renewal pays the
 * month from the day it is taken; a plan switch pays the rest of the subscription's period.
 */
function receiptOf(row: ReceiptRow): (Receipt & { userId: string | null }) | null {
  if (!isPaidTier(row.tier)) return null;
  const periodEnd =
    row.kind === 'proration' && row.subscriptionEnd
      ? row.subscriptionEnd
      : monthAfter(row.createdAt);
  return {
    id: row.id,
    userId: row.userId,
    number: receiptNumber(row.id),
    date: row.createdAt.toISOString(),
    tier: row.tier,
    kind: row.kind,
    periodStart: row.createdAt.toISOString(),
    periodEnd: periodEnd.toISOString(),
    amountCents: row.amountCents,
    currency: row.currency,
    cardLast4: row.cardLast4,
  };
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** One receipt by its payment id, whoever's it is (the caller checks the owner). */
export async function receiptById(
  db: Db,
  paymentId: string,
): Promise<(Receipt & { userId: string | null }) | null> {
  if (!isUuid(paymentId)) return null;
  const [row] = await db
    .select(receiptColumns)
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(and(eq(payments.id, paymentId), isReceipt));
  return row ? receiptOf(row) : null;
}

/** The user's receipts, newest first. */
export async function receiptsOf(db: Db, userId: string): Promise<Receipt[]> {
  const rows = await db
    .select(receiptColumns)
    .from(payments)
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .where(and(eq(payments.userId, userId), isReceipt))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.flatMap((row) => {
    const receipt = receiptOf(row);
    if (!receipt) return [];
    const { userId: _owner, ...rest } = receipt;
    return [rest];
  });
}
