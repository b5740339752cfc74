import { subscriptionTiers } from '@tickerwise/shared';
import { pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

export const subscriptionTier = pgEnum('subscription_tier', subscriptionTiers);

/**
 * The user profile (docs/PRODUCT.md §5): one row per user, same id, holding the subscription tier.
 */
export const profiles = pgTable('profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  subscriptionTier: subscriptionTier('subscription_tier').notNull().default('free'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
