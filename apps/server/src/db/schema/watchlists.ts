import { sql } from 'drizzle-orm';
import {
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
import { teams } from './teams.ts';

/** A named watchlist of a user (docs/PRODUCT.md, "Watchlist"). */
export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * The team the list is shared with (docs/PRODUCT.md §3.26), or null for a personal list;
     * `user_id` stays its creator, who alone may take it back out. A deleted team gives its
     * lists back to their creators.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('watchlists_user_id_idx').on(table.userId),
    index('watchlists_team_id_idx').on(table.teamId),
    // Two lists of one user never share a name, whatever the case.
    uniqueIndex('watchlists_user_name_idx').on(table.userId, sql`lower(${table.name})`),
  ],
);

/** A symbol in a watchlist, at its place in the user's order (0 first). */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    /** The list's owner, so the change announcement reaches them (announce_change). */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.watchlistId, table.symbol] }),
    index('watchlist_items_user_symbol_idx').on(table.userId, table.symbol),
  ],
);
