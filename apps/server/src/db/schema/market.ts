import {
  bigint,
  date,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * One trading day of one symbol. The unique (symbol, date) key makes every write an upsert:
 * a backfill that was cut short and runs again cannot store a day twice.
 */
export const dailyBars = pgTable(
  'daily_bars',
  {
    symbol: text('symbol').notNull(),
    /** The exchange's trading day (New York). */
    date: date('date', { mode: 'string' }).notNull(),
    open: numeric('open', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    high: numeric('high', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    low: numeric('low', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    close: numeric('close', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    /** Shares traded; 0 when the source does not report it (a bar closed by Finnhub's /quote). */
    volume: bigint('volume', { mode: 'number' }).notNull(),
    /** `simulated`, or the real provider the bar came from. */
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.date] })],
);

/**
 * What the stored bars of a symbol cover: every trading day from `fromDate` through
 * `throughDate` is in `daily_bars` (or was asked for and the source had none). Written only
 * after the bars, so a backfill that did not finish is simply done again.
 */
export const barCoverage = pgTable('bar_coverage', {
  symbol: text('symbol').primaryKey(),
  source: text('source').notNull(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  throughDate: date('through_date', { mode: 'string' }).notNull(),
  /** Last time the source was asked for newer bars, successful or not. */
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  /** Last time someone asked for this symbol: the daily refresh keeps recent ones fresh. */
  demandedAt: timestamp('demanded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Company profile and key metrics as one source gave them on one day. */
export const companyData = pgTable('company_data', {
  symbol: text('symbol').primaryKey(),
  source: text('source').notNull(),
  /** The day the figures were taken (UTC). */
  asOf: date('as_of', { mode: 'string' }).notNull(),
  profile: jsonb('profile').notNull(),
  metrics: jsonb('metrics').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * US symbols outside the reference list that Finnhub's search found: they open a detail page
 * like the listed ones, and only symbols in here or in the list ever reach a provider.
 */
export const discoveredSymbols = pgTable('discovered_symbols', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  /** `stock` or `etf`. */
  type: text('type').notNull(),
  discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull().defaultNow(),
});
