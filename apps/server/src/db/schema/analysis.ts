import type { WrittenAnalysis, WrittenSummary } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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

/**
 * "Why it moved" and filing summaries (docs/PRODUCT.md §3.13, ADR 81), each written once for
 * every reader on every instance: one row per kind, symbol and subject (the New York day of a
 * "Why it moved", the accession number of a filing). The first request that has it written
 * claims the row (`writing`, with `expires_at` the claim's end: a claim left by an instance that
 * died is taken over once it has passed); the outcome replaces the claim, kept until
 * `expires_at` (a summary a day, a filing's 30 days, a refusal an hour), then pruned.
 */
export const researchSummaries = pgTable(
  'research_summaries',
  {
    kind: text('kind', { enum: ['why_it_moved', 'filing'] }).notNull(),
    symbol: text('symbol').notNull(),
    /** The New York day (YYYY-MM-DD) of a "Why it moved", a filing's accession number. */
    subject: text('subject').notNull(),
    status: text('status', { enum: ['writing', 'ready', 'refused', 'no_sources'] }).notNull(),
    /** Which request's claim this is: only that writing may complete or release it. */
    claimId: text('claim_id').notNull(),
    /** The summary once `ready`: its cited sentences, the model and when it wrote. */
    summary: jsonb('summary').$type<WrittenSummary>(),
    /** What it cites, numbered from 1: the day's headlines, or the filing's sections read. */
    sources: jsonb('sources'),
    /** Why there is no summary (`refused`, `no_sources`). */
    message: text('message'),
    /** The language model that wrote it. */
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The claim's end while `writing`; after that, until when the outcome is served. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.symbol, table.subject] }),
    index('research_summaries_expires_at_idx').on(table.expiresAt),
    // What one row may hold (ADR 81): a summary is at most 2,500 characters of text, its
    // sources at most 12 headlines or a few sections.
    check(
      'research_summaries_size',
      sql`octet_length(coalesce(${table.summary}::text, '')) + octet_length(coalesce(${table.sources}::text, '')) + octet_length(coalesce(${table.message}, '')) <= 65536`,
    ),
  ],
);
