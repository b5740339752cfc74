import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** Raw bytes: a Buffer in the app, `bytea` in the database (PGlite hands back a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

/** Accounts that answer support requests, granted by the operator (`npm run support`). */
export const supportAgents = pgTable('support_agents', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's support request (`modules/support`, ADR 0048). `priority` and `firstReplyDueAt` are
 * fixed when it is sent, from the plan of that moment; `status` is open (support's turn),
 * waiting (the user's turn) or solved.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('open'),
    priority: boolean('priority').notNull(),
    /** The plan when it was sent, shown to agents. */
    tier: text('tier').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    firstReplyDueAt: timestamp('first_reply_due_at', { withTimezone: true }).notNull(),
    firstRepliedAt: timestamp('first_replied_at', { withTimezone: true }),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
  },
  (table) => [
    index('support_requests_user_idx').on(table.userId, table.updatedAt),
    // The queue: open requests, priority first, then the longest waiting first.
    index('support_requests_queue_idx')
      .on(table.priority, table.updatedAt)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** One message of a request's thread, from its user or from support. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once that account is deleted (an agent's answer stays). */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('support_messages_request_idx').on(table.requestId, table.createdAt)],
);

/** A screenshot attached to a message: an image of at most 1 MB, kept in the database. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .unique()
      .references(() => supportMessages.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    name: text('name'),
    bytes: integer('bytes').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('support_attachments_request_idx').on(table.requestId)],
);
