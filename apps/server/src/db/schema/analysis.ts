import type { WrittenAnalysis } from '@tickerwise/shared';
import { date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Written analyses, each written once and read by everyone: one row per symbol, data date,
 * facts hash and writer. The first instance to need one inserts the row as `writing` (the key
 * is unique, so exactly one succeeds) and fills it in; the others wait for it to be `ready`.
 */
export const analyses = pgTable(
  'analyses',
  {
    symbol: text('symbol').notNull(),
    /** The trading day of the newest bar the facts were computed from. */
    dataDate: date('data_date', { mode: 'string' }).notNull(),
    /** Hash of every fact the writer was given (modules/analysis/facts.ts). */
    factsHash: text('facts_hash').notNull(),
    /** Who was asked to write it: `built_in`, or `model:<name>`. */
    writer: text('writer').notNull(),
    status: text('status', { enum: ['writing', 'ready'] }).notNull(),
    /** The analysis once ready: by the model, or by the built-in writer in its place. */
    analysis: jsonb('analysis').$type<WrittenAnalysis>(),
    /** Why the model's text was not served, when the built-in writer stood in. */
    fallbackReason: text('fallback_reason'),
    /** When the writing instance claimed the row; a claim that grows old is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.dataDate, table.factsHash, table.writer] }),
    index('analyses_data_date_idx').on(table.dataDate),
  ],
);

/**
 * Which stock analyses a user has opened on which UTC day: the first open of a day costs one
 * AI credit, opening it again that day is free.
 */
export const analysisOpens = pgTable(
  'analysis_opens',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    /** The UTC day of the AI-calls quota the open was counted in. */
    day: date('day', { mode: 'string' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.symbol, table.day] }),
    index('analysis_opens_day_idx').on(table.day),
  ],
);
