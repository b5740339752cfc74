import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** A notification (docs/PRODUCT.md §8): shown in the dashboard's notification panel. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** An app path ("/dashboard/...") or an http(s) URL the item opens when clicked. */
    link: text('link'),
    /** The audience: null for everyone, otherwise the one user it is for. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /**
     * Names a notification the app publishes by itself (the release note), so that it is
     * created once however many instances start; null for notifications operators publish.
     */
    onceKey: text('once_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden from everyone from this moment; null never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_id_idx').on(table.userId),
    index('notifications_created_at_idx').on(table.createdAt),
  ],
);

/** A read record (docs/PRODUCT.md §8): one row per user and notification they read. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.userId] }),
    index('notification_reads_user_id_idx').on(table.userId),
  ],
);
