import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Invitation codes to the Alpha Tester plan (docs/PRODUCT.md §4.1), made by the operator. The
 * code itself is never stored: only its SHA-256 (it has 80 random bits, so a slow hash adds
 * nothing). A code is claimed once, by one statement (`claimed_at` set only where it was
 * null), so two sign-ups with one code cannot both win. `claimed_by_email` holds the email of
 * a sign-up between the claim and the account's creation only; `user_id` then names the
 * account, and is cleared when that account is deleted (the code stays used).
 */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByEmail: text('claimed_by_email'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('invitation_codes_user_id_idx').on(table.userId),
    index('invitation_codes_claimed_by_email_idx').on(table.claimedByEmail),
  ],
);
