import type { PostChart } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A user's public face in the community (docs/PRODUCT.md, "Community"): a chosen handle and
 * display name, never the email. Its row is also the lock every post and reply of the user
 * takes, so that quotas and limits are checked one request at a time (ADR 0038).
 */
export const communityProfiles = pgTable(
  'community_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull(),
    bio: text('bio').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('community_profiles_handle_idx').on(sql`lower(${table.handle})`)],
);

/**
 * A post, or a reply when `parentId` is set (one level deep). A deleted post keeps its row,
 * emptied, so that it still counts against the month's quota (ADR 0038).
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => communityPosts.id, {
      onDelete: 'cascade',
    }),
    body: text('body').notNull(),
    /** 'bullish' | 'bearish', or null. */
    sentiment: text('sentiment'),
    /** The author was paid or compensated to write it. */
    paid: boolean('paid').notNull().default(false),
    /** The cashtags' symbols, upper case. */
    symbols: text('symbols').array().notNull().default(sql`'{}'::text[]`),
    /** Symbols the author's real portfolios held when posting, checked by the server. */
    heldSymbols: text('held_symbols').array().notNull().default(sql`'{}'::text[]`),
    /** Handles of the members the text mentions, as they were when it was written. */
    mentions: text('mentions').array().notNull().default(sql`'{}'::text[]`),
    /** The chart snapshot drawn when posting (ADR 0058), or null: closes, source, last day. */
    chart: jsonb('chart').$type<PostChart>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hidden for everyone pending review (reported by enough users). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
  },
  (table) => [
    // The feed's visible top-level posts. Ascending: read backwards, an index gives exactly
    // `order by created_at desc, id desc` (desc nulls first); one declared `desc` is `desc
    // nulls last`, which that order cannot use (ADR 0052).
    index('community_posts_visible_idx')
      .on(table.createdAt, table.id)
      .where(
        sql`${table.parentId} is null and ${table.deletedAt} is null and ${table.hiddenAt} is null`,
      ),
    index('community_posts_author_idx').on(table.authorId, table.createdAt),
    // A member's posts newest first: their profile, and each member of the Following tab.
    index('community_posts_author_visible_idx')
      .on(table.authorId, table.createdAt, table.id)
      .where(
        sql`${table.parentId} is null and ${table.deletedAt} is null and ${table.hiddenAt} is null`,
      ),
    index('community_posts_parent_idx').on(table.parentId, table.createdAt),
    // The moderation queue: posts hidden pending review (ADR 0042).
    index('community_posts_hidden_idx')
      .on(table.hiddenAt)
      .where(sql`${table.hiddenAt} is not null and ${table.deletedAt} is null`),
  ],
);

/** A user likes a post or reply, once. */
export const communityLikes = pgTable(
  'community_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

/** A user reports a post or reply, once, with a reason. */
export const communityReports = pgTable(
  'community_reports',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A moderator restored the post: the report no longer counts toward hiding it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.postId, table.reporterId] })],
);

/**
 * Each symbol a top-level post names, with the post's time: a symbol's posts newest first in one
 * index, for its stock page and the Following tab (ADR 0052). Kept by a trigger on
 * `community_posts` (migration 0030), so every writer of posts keeps it right.
 */
export const communityPostSymbols = pgTable(
  'community_post_symbols',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.symbol] }),
    index('community_post_symbols_feed_idx').on(table.symbol, table.createdAt, table.postId),
  ],
);
