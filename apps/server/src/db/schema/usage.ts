import { quotaNames } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * How much of a quota (such as AI calls a day) a user has used in one UTC period. One row per
 * user, quota and period, counted up by one atomic statement per use, never past the plan's
 * limit (see modules/entitlements).
 */
export const usage = pgTable(
  'usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    quota: text('quota', { enum: quotaNames }).notNull(),
    /** Start of the UTC day or month the count belongs to. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.quota, table.periodStart] }),
    check('usage_count_not_negative', sql`${table.count} >= 0`),
    index('usage_period_start_idx').on(table.periodStart),
  ],
);
