import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A conversation between two members (ADR 0049): one per pair, its members in id order so that
 * the pair has one row whoever writes first.
 */
export const communityConversations = pgTable(
  'community_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lowId: text('low_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    highId: text('high_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Who sent the first message, and when: what the limit on new conversations counts. */
    startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('community_conversations_pair_idx').on(table.lowId, table.highId),
    index('community_conversations_started_idx').on(table.startedBy, table.startedAt),
    check('community_conversations_pair_order', sql`${table.lowId} < ${table.highId}`),
  ],
);

/**
 * One member's side of a conversation: their unread count, what they read, whether they muted
 * it. Every change to a row is announced to its member (`announce_change`), so their tabs on
 * every instance refetch the list, the thread and the sidebar's count.
 */
export const communityConversationMembers = pgTable(
  'community_conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => communityConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The newest message of the conversation; null while it has none. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    unread: integer('unread').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    muted: boolean('muted').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    // Ascending: read backwards it is the list's `order by … desc` (nulls first, as `desc` is).
    index('community_conversation_members_list_idx').on(
      table.userId,
      table.lastMessageAt,
      table.conversationId,
    ),
  ],
);

/** A message. A moderator's removal empties what members see; the text stays for the log. */
export const communityMessages = pgTable(
  'community_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => communityConversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    index('community_messages_conversation_idx').on(
      table.conversationId,
      table.createdAt,
      table.id,
    ),
    // The sender's rate limits count their messages of the last minute and day.
    index('community_messages_sender_idx').on(table.senderId, table.createdAt),
  ],
);

/** A member of the conversation reports a message of the other, once, with a reason. */
export const communityMessageReports = pgTable(
  'community_message_reports',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => communityMessages.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A moderator removed the message or dismissed its reports. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.reporterId] }),
    index('community_message_reports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/** Who may start a conversation with the member: members they follow, or anyone. */
export const communityMessageSettings = pgTable('community_message_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  fromAnyone: boolean('from_anyone').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
