import type { WatchlistSummary } from '@tickerwise/shared';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistItems, watchlists } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingList = () => notFound('This watchlist does not exist.');
const nameTaken = (name: string) =>
  new AppError(409, 'watchlist_name_taken', `You already have a watchlist named “${name}”.`, {
    name: 'You already have a watchlist with this name',
  });

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

type ListRow = typeof watchlists.$inferSelect;

export interface WatchlistStoreDeps {
  db: Db;
  room: Pick<EntitlementService, 'requireRoomFor'>;
}

/** The user's watchlists and their symbols; another user's list is "not found". */
export class WatchlistStore {
  constructor(private readonly deps: WatchlistStoreDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  async list(userId: string): Promise<WatchlistSummary[]> {
    const { db } = this.deps;
    const lists = await db
      .select()
      .from(watchlists)
      .where(eq(watchlists.userId, userId))
      .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
    const items = await db
      .select({ watchlistId: watchlistItems.watchlistId, symbol: watchlistItems.symbol })
      .from(watchlistItems)
      .where(eq(watchlistItems.userId, userId))
      .orderBy(asc(watchlistItems.position));
    return lists.map((list) =>
      summaryOf(
        list,
        items.filter((item) => item.watchlistId === list.id).map((item) => item.symbol),
      ),
    );
  }

  async get(userId: string, id: string): Promise<WatchlistSummary> {
    const list = await this.row(this.deps.db, userId, id);
    return summaryOf(list, await this.symbolsOf(this.deps.db, id));
  }

  /** A new list; 402 naming the limit when the plan's lists are used up. */
  async create(userId: string, name: string): Promise<WatchlistSummary> {
    const { db, room } = this.deps;
    try {
      const list = await db.transaction(async (tx) => {
        await room.requireRoomFor(tx, { id: userId }, 'watchlists', async () => {
          const [row] = await tx
            .select({ count: count() })
            .from(watchlists)
            .where(eq(watchlists.userId, userId));
          return row?.count ?? 0;
        });
        const [row] = await tx.insert(watchlists).values({ userId, name }).returning();
        return row!;
      });
      return summaryOf(list, []);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  async rename(userId: string, id: string, name: string): Promise<WatchlistSummary> {
    const { db } = this.deps;
    await this.row(db, userId, id);
    try {
      const [list] = await db
        .update(watchlists)
        .set({ name })
        .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
        .returning();
      if (!list) throw missingList();
      return summaryOf(list, await this.symbolsOf(db, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!uuidPattern.test(id)) throw missingList();
    const deleted = await this.deps.db
      .delete(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
      .returning({ id: watchlists.id });
    if (deleted.length === 0) throw missingList();
  }

  /**
   * Adds a symbol at the end of the list (already there: nothing changes). The count is taken
   * under the user's plan lock, so adds at once cannot pass the plan's symbols per list.
   */
  async addSymbol(
    userId: string,
    id: string,
    symbol: string,
  ): Promise<{ watchlist: WatchlistSummary; added: boolean }> {
    const { db, room } = this.deps;
    const added = await db.transaction(async (tx) => {
      await this.row(tx, userId, id);
      const [present] = await tx
        .select({ symbol: watchlistItems.symbol })
        .from(watchlistItems)
        .where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.symbol, symbol)));
      if (present) return false;
      await room.requireRoomFor(tx, { id: userId }, 'watchlistSymbols', async () => {
        const [row] = await tx
          .select({ count: count() })
          .from(watchlistItems)
          .where(eq(watchlistItems.watchlistId, id));
        return row?.count ?? 0;
      });
      const [last] = await tx
        .select({ position: max(watchlistItems.position) })
        .from(watchlistItems)
        .where(eq(watchlistItems.watchlistId, id));
      // Added by another request meanwhile: the key keeps one row.
      const inserted = await tx
        .insert(watchlistItems)
        .values({ watchlistId: id, userId, symbol, position: (last?.position ?? -1) + 1 })
        .onConflictDoNothing()
        .returning({ symbol: watchlistItems.symbol });
      return inserted.length > 0;
    });
    return { watchlist: await this.get(userId, id), added };
  }

  async removeSymbol(userId: string, id: string, symbol: string): Promise<void> {
    const { db } = this.deps;
    await this.row(db, userId, id);
    const removed = await db
      .delete(watchlistItems)
      .where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.symbol, symbol)))
      .returning({ symbol: watchlistItems.symbol });
    if (removed.length === 0) throw notFound(`${symbol} is not in this watchlist.`);
  }

  /** Puts the list's symbols in the given order, which must name each of them once. */
  async reorder(userId: string, id: string, symbols: readonly string[]): Promise<WatchlistSummary> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      await this.row(tx, userId, id, true);
      const current = await this.symbolsOf(tx, id);
      const same =
        current.length === symbols.length &&
        new Set(symbols).size === symbols.length &&
        symbols.every((symbol) => current.includes(symbol));
      if (!same) {
        throw new AppError(
          409,
          'watchlist_changed',
          'This watchlist changed meanwhile. Reload it and move the symbol again.',
        );
      }
      if (symbols.length === 0) return;
      await tx.execute(sql`
        update watchlist_items as item set position = ordered.position
        from unnest(${`{${symbols.join(',')}}`}::text[]) with ordinality as ordered(symbol, position)
        where item.watchlist_id = ${id} and item.symbol = ordered.symbol
          and item.position <> ordered.position`);
    });
    return this.get(userId, id);
  }

  private async symbolsOf(db: Db, id: string): Promise<string[]> {
    const rows = await db
      .select({ symbol: watchlistItems.symbol })
      .from(watchlistItems)
      .where(eq(watchlistItems.watchlistId, id))
      .orderBy(asc(watchlistItems.position));
    return rows.map((row) => row.symbol);
  }

  private async row(db: Db, userId: string, id: string, lock = false): Promise<ListRow> {
    if (!uuidPattern.test(id)) throw missingList();
    const query = db
      .select()
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw missingList();
    return row;
  }
}

function summaryOf(list: ListRow, symbols: string[]): WatchlistSummary {
  return { id: list.id, name: list.name, symbols, createdAt: list.createdAt.toISOString() };
}
