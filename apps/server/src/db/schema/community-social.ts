import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { communityPosts } from './community.ts';

/** A member follows another member: their posts come into the follower's "Following" feed. */
export const communityFollows = pgTable(
  'community_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index('community_follows_followee_idx').on(table.followeeId),
  ],
);

/** A member follows a symbol: posts naming it come into their "Following" feed. */
export const communitySymbolFollows = pgTable(
  'community_symbol_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.symbol] })],
);

/** A post or reply mentions a member (`@handle`), who was notified once for it. */
export const communityMentions = pgTable(
  'community_mentions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('community_mentions_user_idx').on(table.userId, table.createdAt),
  ],
);
