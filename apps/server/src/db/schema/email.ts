import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Every email the app sends, recorded before it is sent (`modules/email`): a job of the jobs
 * table sends it, so a request never waits on SMTP and a crash loses nothing. `state` is
 * waiting, sent or failed; the rendered message is kept until it is sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the message is (password-reset, verify-email...), for the per-kind limits. */
    kind: text('kind').notNull(),
    /** The recipient's address, lower-cased. */
    recipient: text('recipient').notNull(),
    userId: text('user_id'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe for non-essential mail). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    state: text('state').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('email_outbox_recipient_idx').on(table.recipient, table.createdAt),
    index('email_outbox_waiting_idx').on(table.state, table.createdAt),
  ],
);

/**
 * Addresses a mail server refused for good (a 5xx answer): nothing more is sent to them until
 * the address is confirmed again.
 */
export const emailFailingAddresses = pgTable('email_failing_addresses', {
  address: text('address').primaryKey(),
  reason: text('reason').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
});

/** Kinds of non-essential mail an address asked not to get (one-click unsubscribe, RFC 8058). */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    address: text('address').notNull(),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.address, table.kind] })],
);
