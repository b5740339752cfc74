import type { WatchlistSummary } from '@tickerwise/shared';
import { and, asc, count, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { watchlistItems, watchlists } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import {
  announceToTeam,
  type Membership,
  membershipOf,
  recordTeamEvent,
  refuseSharedChange,
  sharedThingAccess,
  teamIdOf,
} from '../teams/service.ts';

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

/** A list the user reached, and their place in its team when it is shared. */
interface Reached {
  list: ListRow;
  membership: Membership | null;
}

/** Who is acting: a change to a team's list is written to its audit log under their name. */
export interface ListActor {
  id: string;
  name: string;
}

export interface WatchlistStoreDeps {
  db: Db;
  clock: Clock;
  room: Pick<EntitlementService, 'requireRoomFor'>;
}

/**
 * The user's watchlists and their team's (docs/PRODUCT.md §3.21, §3.26); anyone else's list is
 * "not found". A team's list is read by every member and changed by Editors and up, as the
 * teams module says (`sharedThingAccess`); a personal list by its owner alone.
 */
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
      .where(
        or(
          and(eq(watchlists.userId, userId), isNull(watchlists.teamId)),
          eq(watchlists.teamId, teamIdOf(userId)),
        ),
      )
      .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
    if (lists.length === 0) return [];
    const membership = lists.some((list) => list.teamId) ? await membershipOf(db, userId) : null;
    const items = await db
      .select({ watchlistId: watchlistItems.watchlistId, symbol: watchlistItems.symbol })
      .from(watchlistItems)
      .where(
        inArray(
          watchlistItems.watchlistId,
          lists.map((list) => list.id),
        ),
      )
      .orderBy(asc(watchlistItems.position));
    return lists.map((list) =>
      summaryOf(
        { list, membership },
        userId,
        items.filter((item) => item.watchlistId === list.id).map((item) => item.symbol),
      ),
    );
  }

  async get(userId: string, id: string): Promise<WatchlistSummary> {
    const reached = await this.reach(this.deps.db, userId, id, 'read');
    return summaryOf(reached, userId, await this.symbolsOf(this.deps.db, id));
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
            .where(and(eq(watchlists.userId, userId), isNull(watchlists.teamId)));
          return row?.count ?? 0;
        });
        const [row] = await tx.insert(watchlists).values({ userId, name }).returning();
        return row!;
      });
      return summaryOf({ list, membership: null }, userId, []);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  async rename(userId: string, id: string, name: string): Promise<WatchlistSummary> {
    const { db } = this.deps;
    try {
      return await db.transaction(async (tx) => {
        const reached = await this.reach(tx, userId, id, 'change', true);
        const [list] = await tx
          .update(watchlists)
          .set({ name })
          .where(eq(watchlists.id, id))
          .returning();
        if (!list) throw missingList();
        await announceToTeam(tx, list.teamId, ['watchlists']);
        return summaryOf({ ...reached, list }, userId, await this.symbolsOf(tx, id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  async delete(actor: ListActor, id: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const { list } = await this.reach(tx, actor.id, id, 'change', true);
      await tx.delete(watchlists).where(eq(watchlists.id, id));
      if (list.teamId) {
        await recordTeamEvent(tx, {
          teamId: list.teamId,
          actor,
          action: 'watchlist_deleted',
          details: { watchlist: list.name },
          at: this.deps.clock(),
        });
        await announceToTeam(tx, list.teamId, ['watchlists']);
      }
    });
  }

  /**
   * Moves a personal list into the user's team, or a team list back out: its maker only, as
   * Editor or above while the team can be changed. The list then counts against the plan of
   * the team's owner (in) or of its maker (out), each counted under that plan's lock.
   */
  async share(actor: ListActor, id: string, shared: boolean): Promise<WatchlistSummary> {
    const { db, room } = this.deps;
    return db.transaction(async (tx) => {
      const reached = await this.reach(tx, actor.id, id, 'read', true);
      const { list } = reached;
      if (list.userId !== actor.id) {
        throw new AppError(
          403,
          'not_list_maker',
          'Only the member who made this list can take it out of the team.',
        );
      }
      if (Boolean(list.teamId) === shared)
        return summaryOf(reached, actor.id, await this.symbolsOf(tx, id));
      const membership = shared ? await membershipOf(tx, actor.id) : reached.membership;
      if (!membership) {
        throw new AppError(409, 'no_team', 'You are not in a team to share this list with.');
      }
      const access = await sharedThingAccess(tx, actor.id, membership.teamId);
      if (!access?.canChange) refuseSharedChange(membership);
      const teamId = membership.teamId;
      if (shared) {
        await room.requireRoomFor(tx, { id: membership.ownerId }, 'watchlists', async () => {
          const [row] = await tx
            .select({ count: count() })
            .from(watchlists)
            .where(eq(watchlists.teamId, teamId));
          return row?.count ?? 0;
        });
      } else {
        await room.requireRoomFor(tx, { id: actor.id }, 'watchlists', async () => {
          const [row] = await tx
            .select({ count: count() })
            .from(watchlists)
            .where(and(eq(watchlists.userId, actor.id), isNull(watchlists.teamId)));
          return row?.count ?? 0;
        });
      }
      const [moved] = await tx
        .update(watchlists)
        .set({ teamId: shared ? teamId : null })
        .where(eq(watchlists.id, id))
        .returning();
      await recordTeamEvent(tx, {
        teamId,
        actor,
        action: shared ? 'watchlist_shared' : 'watchlist_unshared',
        details: { watchlist: list.name },
        at: this.deps.clock(),
      });
      await announceToTeam(tx, teamId, ['watchlists']);
      return summaryOf(
        { list: moved!, membership: shared ? membership : null },
        actor.id,
        await this.symbolsOf(tx, id),
      );
    });
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
      const { list, membership } = await this.reach(tx, userId, id, 'change');
      const [present] = await tx
        .select({ symbol: watchlistItems.symbol })
        .from(watchlistItems)
        .where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.symbol, symbol)));
      if (present) return false;
      // A team's list is used under the team's plan: its owner's.
      const planHolder = membership?.ownerId ?? userId;
      await room.requireRoomFor(tx, { id: planHolder }, 'watchlistSymbols', async () => {
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
        .values({
          watchlistId: id,
          userId: list.userId,
          symbol,
          position: (last?.position ?? -1) + 1,
        })
        .onConflictDoNothing()
        .returning({ symbol: watchlistItems.symbol });
      await announceToTeam(tx, list.teamId, ['watchlists']);
      return inserted.length > 0;
    });
    return { watchlist: await this.get(userId, id), added };
  }

  async removeSymbol(userId: string, id: string, symbol: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const { list } = await this.reach(tx, userId, id, 'change');
      const removed = await tx
        .delete(watchlistItems)
        .where(and(eq(watchlistItems.watchlistId, id), eq(watchlistItems.symbol, symbol)))
        .returning({ symbol: watchlistItems.symbol });
      if (removed.length === 0) throw notFound(`${symbol} is not in this watchlist.`);
      await announceToTeam(tx, list.teamId, ['watchlists']);
    });
  }

  /** Puts the list's symbols in the given order, which must name each of them once. */
  async reorder(userId: string, id: string, symbols: readonly string[]): Promise<WatchlistSummary> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const { list } = await this.reach(tx, userId, id, 'change', true);
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
      await announceToTeam(tx, list.teamId, ['watchlists']);
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

  /**
   * The list, when the user may `need` it: their own personal list, or a list of their team
   * (read by any member; changed per `sharedThingAccess`). Anything else is "not found".
   */
  private async reach(
    db: Db,
    userId: string,
    id: string,
    need: 'read' | 'change',
    lock = false,
  ): Promise<Reached> {
    if (!uuidPattern.test(id)) throw missingList();
    const query = db.select().from(watchlists).where(eq(watchlists.id, id));
    const [list] = lock ? await query.for('update') : await query;
    if (!list) throw missingList();
    if (list.teamId === null) {
      if (list.userId !== userId) throw missingList();
      return { list, membership: null };
    }
    const access = await sharedThingAccess(db, userId, list.teamId);
    if (!access) throw missingList();
    if (need === 'change' && !access.canChange) refuseSharedChange(access.membership);
    return { list, membership: access.membership };
  }
}

function summaryOf(
  { list, membership }: Reached,
  userId: string,
  symbols: string[],
): WatchlistSummary {
  return {
    id: list.id,
    name: list.name,
    symbols,
    createdAt: list.createdAt.toISOString(),
    shared:
      list.teamId && membership
        ? {
            teamName: membership.teamName,
            role: membership.role,
            readOnly: membership.readOnly,
            mine: list.userId === userId,
          }
        : null,
  };
}
