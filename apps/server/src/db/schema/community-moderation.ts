import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { communityPosts } from './community.ts';

/** Members the operator made moderators (`npm run moderator -- grant EMAIL`, ADR 0042). */
export const communityModerators = pgTable('community_moderators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What moderation did to a post or reply that left the feed (ADR 0042). A post is in the queue
 * while its `hidden_at` is set and it is neither deleted nor removed, or while its removal has
 * an appeal no moderator has decided yet.
 */
export const communityPostReviews = pgTable('community_post_reviews', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => communityPosts.id, { onDelete: 'cascade' }),
  /** 'pump' while the pump guard holds it; null when reports hid it. */
  heldFor: text('held_for'),
  removedAt: timestamp('removed_at', { withTimezone: true }),
  removedBy: text('removed_by').references(() => user.id, { onDelete: 'set null' }),
  removalReason: text('removal_reason'),
  /** The author's one appeal of the removal. */
  appeal: text('appeal'),
  appealedAt: timestamp('appealed_at', { withTimezone: true }),
  appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
});

/** A member reports another member, once, with a reason (posts have `community_reports`). */
export const communityUserReports = pgTable(
  'community_user_reports',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** A moderator dismissed it or suspended the member. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.reporterId] }),
    index('community_user_reports_open_idx')
      .on(table.userId, table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/** A member may not post or reply until `until`. */
export const communitySuspensions = pgTable('community_suspensions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Every moderation decision: who, what, when and why. */
export const communityModerationActions = pgTable(
  'community_moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moderatorId: text('moderator_id').references(() => user.id, { onDelete: 'set null' }),
    /** The member the decision is about (the post's author, or the member reported). */
    subjectId: text('subject_id').references(() => user.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'set null' }),
    /** 'restore' | 'remove' | 'uphold' | 'suspend' | 'dismiss'. */
    action: text('action').notNull(),
    reason: text('reason').notNull().default(''),
    days: integer('days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('community_moderation_actions_time_idx').on(table.createdAt)],
);

/** A member blocks another: neither sees the other's posts or replies, nor answers or likes them. */
export const communityBlocks = pgTable(
  'community_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    // Who blocked a member: the other direction of every read's block condition.
    index('community_blocks_blocked_idx').on(table.blockedId),
  ],
);

/**
 * Posts naming a symbol, counted per UTC hour, and how many of them came from accounts under 7
 * days old: what the pump guard reads (ADR 0042). Rows older than the guard's 30 days are
 * pruned.
 */
export const communitySymbolHours = pgTable(
  'community_symbol_hours',
  {
    symbol: text('symbol').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    posts: integer('posts').notNull().default(0),
    newAccountPosts: integer('new_account_posts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.hour] })],
);
