import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { subscriptionTier } from './profiles.ts';

/**
 * A paid subscription (Pro or Enterprise). `status`: incomplete (first payment not done yet,
 * e.g. waiting for 3-D Secure), active, past_due (a renewal failed; the provider retries),
 * canceled. At most one subscription per user is not canceled: no stacking.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** Stripe's `sub_...`; null on the test provider. */
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /** The checkout attempt that created it (its idempotency key). */
    checkoutKey: text('checkout_key').notNull(),
    tier: subscriptionTier('tier').notNull(),
    status: text('status', { enum: ['incomplete', 'active', 'past_due', 'canceled'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /**
     * Free or Alpha, taken on at `current_period_end` instead of renewing (docs/PRODUCT.md §6.4).
     */
    scheduledTier: subscriptionTier('scheduled_tier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('subscriptions_one_open_per_user')
      .on(table.userId)
      .where(sql`${table.status} <> 'canceled'`),
    index('subscriptions_due_idx')
      .on(table.currentPeriodEnd)
      .where(sql`${table.status} in ('active', 'past_due')`),
  ],
);

/** Money taken (or refused): first payments, prorations and renewals. Amounts in cents. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once the account is deleted: a payment taken is a billing record the law keeps
     * (docs/PRODUCT.md §5.1), without anything that says whose it was.
     */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, {
      onDelete: 'set null',
    }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    /** Stripe's invoice id; on the test provider an id of our own. */
    providerPaymentId: text('provider_payment_id').unique(),
    /** The checkout attempt's key: a repeated request answers from this row, charging once. */
    idempotencyKey: text('idempotency_key'),
    kind: text('kind', { enum: ['subscription', 'proration', 'renewal'] }).notNull(),
    tier: subscriptionTier('tier').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    failureMessage: text('failure_message'),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_idempotency_key_idx').on(table.userId, table.idempotencyKey),
    index('payments_user_id_idx').on(table.userId),
  ],
);

/** The Stripe customer of a user, made once. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe events already handled: Stripe delivers at least once, so each id is acted on once. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
