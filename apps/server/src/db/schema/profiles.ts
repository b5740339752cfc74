import { riskBands, subscriptionTiers } from '@tickerwise/shared';
import { pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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

export const riskBand = pgEnum('risk_band', riskBands);

/**
 * The risk assessment's profile a user chose to save (docs/PRODUCT.md §3.29): until then the
 * answers stay in their browser. One per user; saving again replaces it.
 */
export const riskProfiles = pgTable('risk_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The points of each answer, in the questionnaire's order. */
  answers: smallint('answers').array().notNull(),
  score: smallint('score').notNull(),
  band: riskBand('band').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
