import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { teams } from './teams.ts';

/**
 * A custom alert (docs/PRODUCT.md, "Alerts"). `state` moves armed -> fired in one statement,
 * which is what makes a once-alert fire once however many instances see the quote.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its owner, or for a team's alert the member who made it. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The team the alert is shared with (docs/PRODUCT.md §3.26), or null for a personal one: read
     * by every member, changed by Editors and up; it may post to the team's destinations. A
     * deleted team gives its alerts back to their makers.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    symbol: text('symbol').notNull(),
    /** One of the shared `alertKinds`. */
    kind: text('kind').notNull(),
    /** Price level, percent change or RSI level, by kind; null for the others. */
    level: doublePrecision('level'),
    /** Moving-average length of the SMA crosses (50 or 200). */
    period: integer('period'),
    /** Label of `rating_becomes`. */
    rating: text('rating'),
    /** `once` or `daily`. */
    repeat: text('repeat').notNull(),
    note: text('note'),
    /** `armed`, `fired` (a once-alert that went off) or `paused`. */
    state: text('state').notNull().default('armed'),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    /** The trading day of the last firing: a daily alert fires again only on a later one. */
    lastFiredDay: date('last_fired_day', { mode: 'string' }),
    /**
     * A price alert set while its level was already reached, to wait for the next crossing:
     * it fires only after a price on the other side of the level (cleared when it fires).
     */
    awaitsCross: boolean('awaits_cross').notNull().default(false),
    /** Firings also go by email (grouped per user, `modules/alert-mail`). */
    email: boolean('email').notNull().default(false),
    /**
     * Firings also go to these destinations of the user's (`modules/integrations`); ids of
     * deleted destinations are taken out when they are deleted.
     */
    destinationIds: uuid('destination_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('alerts_user_id_idx').on(table.userId),
    index('alerts_team_id_idx').on(table.teamId),
    index('alerts_armed_symbol_idx').on(table.symbol).where(sql`${table.state} = 'armed'`),
  ],
);

/**
 * One time an alert went off, for one person it reached: a personal alert's row is its
 * owner's; a team alert's firing has a row for every member of the team at that moment (each
 * with their notification and email state). A daily alert has at most one row per trading day
 * and person (the unique index is its exactly-once guard); the history stays when the alert is
 * deleted.
 */
export const alertFirings = pgTable(
  'alert_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    /** Whom the firing reached: the alert's owner, or one member of the alert's team. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    /** `daily` firings are unique per alert and trading day. */
    repeat: text('repeat').notNull(),
    tradingDay: date('trading_day', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    value: doublePrecision('value'),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The firing's email: null (the alert sends none), `pending` (waiting for the user's next
     * alert email), `sent` (listed in the outbox message `emailOutboxId`) or `skipped` (alert
     * emails off, or the address unconfirmed or failing when its turn came).
     */
    emailState: text('email_state'),
    emailOutboxId: bigint('email_outbox_id', { mode: 'number' }),
  },
  (table) => [
    index('alert_firings_user_fired_idx').on(table.userId, table.firedAt),
    index('alert_firings_email_pending_idx')
      .on(table.userId, table.firedAt)
      .where(sql`${table.emailState} = 'pending'`),
    uniqueIndex('alert_firings_daily_idx')
      .on(table.alertId, table.userId, table.tradingDay)
      .where(sql`${table.repeat} = 'daily'`),
  ],
);

/**
 * Per symbol, the last daily bar its indicator alerts were checked against: each new bar is
 * checked once, by whichever instance claims it first.
 */
export const alertBarChecks = pgTable('alert_bar_checks', {
  symbol: text('symbol').primaryKey(),
  checkedThrough: date('checked_through', { mode: 'string' }).notNull(),
});
