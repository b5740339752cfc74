import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Keys for the public API (docs/PRODUCT.md §3.20). The secret itself is never stored: only its
 * SHA-256 (the secret has 256 random bits, so a slow hash adds nothing) and its first
 * characters, to recognise it by. Deleting a row revokes the key on every instance at once
 * (trigger `announce_api_access_change`).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** "tw_" and the next 8 characters of the secret. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per instance. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_user_id_idx').on(table.userId)],
);

/**
 * Requests counted against a key's rate limit in its current fixed window, shared by every
 * instance. `last_grant` is how many requests the last statement handed out, so that an instance
 * knows exactly what it got (see `modules/apikeys/request-allowance.ts`).
 */
export const apiKeyWindows = pgTable('api_key_windows', {
  keyId: uuid('key_id')
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  used: integer('used').notNull(),
  lastGrant: integer('last_grant').notNull(),
});
