import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A screener screen a user saved (docs/PRODUCT.md, "Screener"): its filters as the screener's
 * query string. `members` are the symbols it picked at its last check, null before the first:
 * a symbol not among them that the screen now picks has entered it, and alerts once.
 */
export const savedScreens = pgTable(
  'saved_screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    alertOnEntry: boolean('alert_on_entry').notNull().default(false),
    members: text('members').array(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('saved_screens_user_id_idx').on(table.userId)],
);
