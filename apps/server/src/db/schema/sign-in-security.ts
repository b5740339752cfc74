import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * better-auth's two-factor plugin (`twoFactor` model): the authenticator secret and the
 * recovery codes, both encrypted with the server's secret. `verified` turns true once the
 * first code from the app is accepted; `enabledAt` is ours, for Settings.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
  },
  (table) => [index('two_factor_user_id_idx').on(table.userId)],
);

/**
 * The browsers a user has signed in from (`modules/auth/known-device.ts`): the device cookie
 * names one of these rows, so a sign-in from a browser not listed sends a notice, and "this was
 * not me" forgets them all.
 */
export const knownDevice = pgTable(
  'known_device',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    userAgent: text('user_agent'),
    /** The IANA time zone the browser reported (for the times in notices). */
    timeZone: text('time_zone'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** "This was not me": the browser must sign in again to be known (and is told about). */
    forgottenAt: timestamp('forgotten_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

/**
 * Single-use tokens of the "this was not me" link in a new-device notice, and the one-time
 * codes emailed to a new browser past the failure ceiling: only a hash is kept.
 */
export const signInToken = pgTable(
  'sign_in_token',
  {
    hash: text('hash').primaryKey(),
    /** `not-me` or `code`. */
    purpose: text('purpose').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_token_user_idx').on(table.userId, table.purpose)],
);
