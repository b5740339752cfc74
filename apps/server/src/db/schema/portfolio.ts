import { portfolioKinds } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teams } from './teams.ts';

export const portfolioKind = pgEnum('portfolio_kind', portfolioKinds);

/**
 * A user's named portfolio; how many they may keep is their plan's `portfolios` limit. A
 * `practice` portfolio (one per user at most, started with practice cash) is outside that
 * limit and outside every figure that adds the user's portfolios up (ADR 0040).
 */
export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: portfolioKind('kind').notNull().default('real'),
    /**
     * The team the portfolio is shared with (docs/PRODUCT.md §3.26), or null for a personal one;
     * `user_id` stays its maker, who alone may take it back out. A deleted team gives its
     * portfolios back to their makers.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /**
     * Goes up by one with every change to the ledger, in the same database transaction:
     * figures cached for a version are those of that ledger, on every instance.
     */
    ledgerVersion: integer('ledger_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Names are the user's own: the practice portfolio's fixed name never takes one.
    uniqueIndex('portfolios_user_name_idx')
      .on(table.userId, table.name)
      .where(sql`${table.kind} = 'real'`),
    // One practice portfolio per user, however many first uses race to create it.
    uniqueIndex('portfolios_user_practice_idx')
      .on(table.userId)
      .where(sql`${table.kind} = 'practice'`),
    index('portfolios_team_id_idx').on(table.teamId),
  ],
);

export const transactionKind = pgEnum('transaction_kind', [
  'buy',
  'sell',
  'dividend',
  'split',
  'deposit',
  'withdrawal',
  'fee',
]);

/**
 * The ledger of a portfolio. Numbers are exact `numeric`s read and written as text: shares to
 * 8 decimals, prices to 6, cash to 4. Which columns a kind uses is enforced here too, so no
 * writer can store a buy without a price or a deposit with a symbol.
 */
export const portfolioTransactions = pgTable(
  'portfolio_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    /** Order of entry (an import keeps its file's order): breaks ties within a day. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    kind: transactionKind('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    symbol: text('symbol'),
    quantity: numeric('quantity', { precision: 20, scale: 8 }),
    price: numeric('price', { precision: 16, scale: 6 }),
    amount: numeric('amount', { precision: 16, scale: 4 }),
    fees: numeric('fees', { precision: 16, scale: 4 }).notNull().default('0'),
    splitTo: integer('split_to'),
    splitFrom: integer('split_from'),
    note: text('note'),
    /** Who entered it (a shared portfolio shows it); null for rows from before, or a gone account. */
    enteredBy: text('entered_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('portfolio_transactions_portfolio_date_idx').on(table.portfolioId, table.date, table.seq),
    check('portfolio_transactions_fees_check', sql`${table.fees} >= 0`),
    check(
      'portfolio_transactions_shape_check',
      sql`case ${table.kind}
        when 'buy' then ${table.symbol} is not null and ${table.quantity} > 0 and ${table.price} > 0
        when 'sell' then ${table.symbol} is not null and ${table.quantity} > 0 and ${table.price} > 0
        when 'dividend' then ${table.symbol} is not null and ${table.amount} > 0
        when 'split' then ${table.symbol} is not null and ${table.splitTo} > 0 and ${table.splitFrom} > 0
        else ${table.symbol} is null and ${table.amount} > 0
      end`,
    ),
  ],
);
