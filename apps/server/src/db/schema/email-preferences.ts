import { boolean, date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * What a user gets by email besides essential mail (Settings > Notifications). No row: the
 * defaults (alert emails on and on for new alerts, no digest, no product news). A one-click
 * unsubscribe of the matching kind (`email_unsubscribes`) turns one off as well.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  alertEmails: boolean('alert_emails').notNull().default(true),
  alertEmailDefault: boolean('alert_email_default').notNull().default(true),
  watchlistDigest: boolean('watchlist_digest').notNull().default(false),
  productNews: boolean('product_news').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a user's last alert email was queued: the next one waits 5 minutes from it. The row is
 * locked while a batch is made, so two instances never send the same firings.
 */
export const alertEmailWindows = pgTable('alert_email_windows', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

/** The watchlist digests queued, one per user and trading day at most. */
export const watchlistDigests = pgTable(
  'watchlist_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tradingDay: date('trading_day', { mode: 'string' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tradingDay] })],
);
