import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Changes of a user's sign-in address (Settings, Profile; `modules/auth/email-change.ts`,
 * ADR 0035). A row is a request until its link from the new address confirms it; confirmed,
 * it keeps the link that undoes it from the old address for 7 days. Links are kept as SHA-256
 * digests only. A newer request of the same user replaces an unconfirmed one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    /** Whether the old address was confirmed: an undo gives it back as it was. */
    oldVerified: boolean('old_verified').notNull(),
    newEmail: text('new_email').notNull(),
    confirmDigest: text('confirm_digest').notNull().unique(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmBy: timestamp('confirm_by', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    undoDigest: text('undo_digest').unique(),
    undoBy: timestamp('undo_by', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [index('email_changes_user_idx').on(table.userId)],
);
