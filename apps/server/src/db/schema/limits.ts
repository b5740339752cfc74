import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts per key (an email, a client address, an account, or a pair of them) in fixed
 * windows, shared by every instance: `src/limits/attempt-limiter.ts`.
 */
export const attemptCounter = pgTable('attempt_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
