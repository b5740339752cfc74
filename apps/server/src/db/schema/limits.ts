import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts per key (an email, a client address, an account, or a pair of them) in fixed
 * windows, shared by every instance: `src/limits/attempt-limiter.ts`.
 */
export const attemptCounter = pgTable('attempt_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * The calls every instance made to a provider within one of its limits' windows, as epoch
 * milliseconds in order (`market-data/upstream/fleet-budget.ts`): at most that limit's calls,
 * so a take is judged on the exact last window, never on a fixed window's count.
 */
export const fleetCallLog = pgTable('fleet_call_log', {
  key: text('key').primaryKey(),
  calls: bigint('calls', { mode: 'number' }).array().notNull().default([]),
});
