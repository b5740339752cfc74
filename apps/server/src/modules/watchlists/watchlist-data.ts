import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistItems, watchlists } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/** The user's watchlists in the data export: each list with its symbols in the user's order. */
export function watchlistsDataPart(db: Db): UserDataPart {
  return {
    name: 'watchlists',
    tables: [watchlists, watchlistItems],
    async collect(userId) {
      const lists = await db
        .select({ id: watchlists.id, name: watchlists.name, createdAt: watchlists.createdAt })
        .from(watchlists)
        .where(eq(watchlists.userId, userId))
        .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
      const items = await db
        .select({
          watchlistId: watchlistItems.watchlistId,
          symbol: watchlistItems.symbol,
          position: watchlistItems.position,
          addedAt: watchlistItems.addedAt,
        })
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId))
        .orderBy(asc(watchlistItems.position));
      return lists.map((list) => ({
        ...plainRow(list),
        symbols: items
          .filter((item) => item.watchlistId === list.id)
          .map(({ watchlistId: _list, ...item }) => plainRow(item)),
      }));
    },
  };
}
