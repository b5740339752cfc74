import {
  entitlementsFor,
  type Portfolio,
  type PortfolioList,
  practiceCash,
  practicePortfolioName,
  type TransactionInput,
} from '@tickerwise/shared';
import { and, asc, count, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, portfolioTransactions } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { addDays } from '../../market-data/index.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { tierOf } from '../profiles/service.ts';
import {
  announceToTeam,
  membershipOf,
  recordTeamEvent,
  requireSharingMove,
  teamIdOf,
} from '../teams/service.ts';
import { lockPortfolio, type PortfolioRow, transactionValues } from './ledger-store.ts';
import { reachPortfolio, shareOf } from './portfolio-access.ts';
import {
  isUniqueViolation,
  portfolioNameTaken,
  portfolioNotFound,
  practiceFixed,
  practiceOnly,
} from './portfolio-errors.ts';

export type PortfolioRoom = Pick<EntitlementService, 'requireRoomFor'>;

function toPortfolio(
  row: PortfolioRow,
  transactionCount: number,
  shared: Portfolio['shared'] = null,
): Portfolio {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    transactionCount,
    shared,
  };
}

/** The user's personal portfolios (real ones), as their plan's limit counts them. */
const personalReal = (userId: string) =>
  and(eq(portfolios.userId, userId), isNull(portfolios.teamId), eq(portfolios.kind, 'real'));

/**
 * The user's portfolios and their team's (marked shared), oldest first, and how many the
 * user's plan allows for their own.
 */
export async function listPortfolios(db: Db, userId: string): Promise<PortfolioList> {
  const rows = await db
    .select({ ...getTableColumns(portfolios), transactionCount: count(portfolioTransactions.id) })
    .from(portfolios)
    .leftJoin(portfolioTransactions, eq(portfolioTransactions.portfolioId, portfolios.id))
    .where(
      or(
        and(eq(portfolios.userId, userId), isNull(portfolios.teamId)),
        eq(portfolios.teamId, teamIdOf(userId)),
      ),
    )
    .groupBy(portfolios.id)
    .orderBy(asc(portfolios.createdAt), asc(portfolios.name));
  const membership = rows.some((row) => row.teamId) ? await membershipOf(db, userId) : null;
  return {
    portfolios: rows.map((row) =>
      toPortfolio(row, row.transactionCount, shareOf(row, membership, userId)),
    ),
    allowed: entitlementsFor(await tierOf(db, userId)).portfolios,
  };
}

/**
 * The portfolio, when the user may read it: their own, or their team's; 404 otherwise
 * (another user's portfolio does not exist for them).
 */
export async function requirePortfolio(
  db: Db,
  userId: string,
  portfolioId: string,
): Promise<Portfolio> {
  const { row, membership } = await reachPortfolio(db, userId, portfolioId, 'read');
  const [counted] = await db
    .select({ total: count() })
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.portfolioId, row.id));
  return toPortfolio(row, counted?.total ?? 0, shareOf(row, membership, userId));
}

/** Names are unique among a maker's real portfolios (a team's keep their maker's name). */
async function requireFreeName(tx: Db, makerId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(
      and(
        eq(portfolios.userId, makerId),
        eq(portfolios.kind, 'real'),
        eq(portfolios.name, name),
        exceptId ? ne(portfolios.id, exceptId) : undefined,
      ),
    );
  if (taken) throw portfolioNameTaken(name);
}

/**
 * A new portfolio, within the plan's limit: the check and the insert share the lock on the
 * user's plan, so portfolios created at once from two tabs cannot pass the limit together.
 * Team portfolios count against the team's plan, not the maker's.
 */
export async function createPortfolio(
  db: Db,
  room: PortfolioRoom,
  userId: string,
  name: string,
): Promise<Portfolio> {
  return db.transaction(async (tx) => {
    await room.requireRoomFor(tx, { id: userId }, 'portfolios', async () => {
      const [row] = await tx
        .select({ total: count() })
        .from(portfolios)
        .where(personalReal(userId));
      return row?.total ?? 0;
    });
    await requireFreeName(tx, userId, name);
    const [row] = await tx.insert(portfolios).values({ userId, name }).returning();
    return toPortfolio(row!, 0);
  });
}

export async function renamePortfolio(
  db: Db,
  userId: string,
  portfolioId: string,
  name: string,
): Promise<Portfolio> {
  await db
    .transaction(async (tx) => {
      const { row: locked } = await lockPortfolio(tx, userId, portfolioId);
      if (locked.kind === 'practice') throw practiceFixed();
      await requireFreeName(tx, locked.userId, name, portfolioId);
      await tx
        .update(portfolios)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(portfolios.id, portfolioId));
      if (locked.teamId) await announceToTeam(tx, locked.teamId, ['portfolios']);
    })
    .catch((error: unknown) => {
      // Two portfolios renamed to one name at once: the unique index keeps one.
      throw isUniqueViolation(error) ? portfolioNameTaken(name) : error;
    });
  return requirePortfolio(db, userId, portfolioId);
}

/**
 * Deletes a portfolio and its whole ledger: the user's own, or their team's as Editor and up
 * (written to the team's audit log).
 */
export async function deletePortfolio(
  db: Db,
  actor: { id: string; name: string },
  portfolioId: string,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await lockPortfolio(tx, actor.id, portfolioId);
    if (row.kind === 'practice') throw practiceFixed();
    await tx.delete(portfolios).where(eq(portfolios.id, portfolioId));
    if (row.teamId) {
      await recordTeamEvent(tx, {
        teamId: row.teamId,
        actor,
        action: 'portfolio_deleted',
        details: { portfolio: row.name },
        at,
      });
      await announceToTeam(tx, row.teamId, ['portfolios']);
    }
  });
}

/**
 * Moves a personal portfolio into the user's team, or a team portfolio back out: its maker
 * only, as Editor or above while the team can be changed; never the practice portfolio. The
 * portfolio and its transactions then count against the plan of the team's owner (in) or of
 * its maker (out), each counted under that plan's lock.
 */
export async function sharePortfolio(
  db: Db,
  room: PortfolioRoom,
  actor: { id: string; name: string },
  portfolioId: string,
  shared: boolean,
  at: Date,
): Promise<Portfolio> {
  await db.transaction(async (tx) => {
    const { row } = await reachPortfolio(tx, actor.id, portfolioId, 'read', { lock: true });
    if (row.kind === 'practice') {
      throw new AppError(
        409,
        'practice_portfolio',
        'The practice portfolio is yours alone: it cannot be shared with a team.',
      );
    }
    const membership = await requireSharingMove(tx, actor.id, row, shared, {
      noun: 'portfolio',
      code: 'not_portfolio_maker',
      maker: 'made',
    });
    if (!membership) return;
    const teamId = membership.teamId;
    const [held] = await tx
      .select({ total: count() })
      .from(portfolioTransactions)
      .where(eq(portfolioTransactions.portfolioId, row.id));
    const transactions = held?.total ?? 0;
    // Where it goes: the team's portfolios under the owner's plan, or the maker's own.
    const holder = shared ? membership.ownerId : actor.id;
    const ofDestination = shared
      ? and(eq(portfolios.teamId, teamId), eq(portfolios.kind, 'real'))
      : personalReal(actor.id);
    await room.requireRoomFor(tx, { id: holder }, 'portfolios', async () => {
      const [counted] = await tx.select({ total: count() }).from(portfolios).where(ofDestination);
      return counted?.total ?? 0;
    });
    await room.requireRoomFor(
      tx,
      { id: holder },
      'transactionsPerPortfolio',
      async () => 0,
      transactions,
    );
    await room.requireRoomFor(
      tx,
      { id: holder },
      'transactionsPerAccount',
      async () => {
        const [counted] = await tx
          .select({ total: count() })
          .from(portfolioTransactions)
          .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
          .where(ofDestination);
        return counted?.total ?? 0;
      },
      transactions,
    );
    await tx
      .update(portfolios)
      .set({ teamId: shared ? teamId : null, updatedAt: sql`now()` })
      .where(eq(portfolios.id, row.id));
    await recordTeamEvent(tx, {
      teamId,
      actor,
      action: shared ? 'portfolio_shared' : 'portfolio_unshared',
      details: { portfolio: row.name },
      at,
    });
    await announceToTeam(tx, teamId, ['portfolios']);
  });
  return requirePortfolio(db, actor.id, portfolioId);
}

/**
 * The practice cash every practice portfolio starts (and restarts) with, dated the day before
 * `today` (New York's date): a user's own today is never earlier than that, wherever they are,
 * so a trade dated today in their time zone is never before the cash (see `PracticeRule`).
 */
function practiceDeposit(today: string): TransactionInput {
  return {
    kind: 'deposit',
    date: addDays(today, -1),
    symbol: null,
    quantity: null,
    price: null,
    amount: practiceCash,
    fees: '0',
    splitTo: null,
    splitFrom: null,
    note: 'Practice cash',
  };
}

/**
 * The user's practice portfolio, created on first use with its practice cash. The insert and
 * its deposit are one transaction, and the one-per-user index makes a second first use (from
 * another tab) wait for the first and find its portfolio. Outside the plan's portfolio limit.
 */
export async function ensurePracticePortfolio(
  db: Db,
  userId: string,
  today: string,
): Promise<Portfolio> {
  const existing = await findPractice(db, userId);
  if (existing) return existing;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(portfolios)
      .values({ userId, name: practicePortfolioName, kind: 'practice' })
      .onConflictDoNothing({
        target: portfolios.userId,
        where: sql`${portfolios.kind} = 'practice'`,
      })
      .returning({ id: portfolios.id });
    if (!row) return;
    await tx
      .insert(portfolioTransactions)
      .values({ portfolioId: row.id, ...transactionValues(practiceDeposit(today)) });
  });
  const created = await findPractice(db, userId);
  if (!created) throw portfolioNotFound();
  return created;
}

async function findPractice(db: Db, userId: string): Promise<Portfolio | undefined> {
  const [row] = await db
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(and(eq(portfolios.userId, userId), eq(portfolios.kind, 'practice')));
  return row ? requirePortfolio(db, userId, row.id) : undefined;
}

/**
 * Starts the practice portfolio again: every transaction in it removed and the practice cash
 * deposited `today`. 404 for another user's portfolio; 409 for a real one.
 */
export async function resetPracticePortfolio(
  db: Db,
  userId: string,
  portfolioId: string,
  today: string,
): Promise<Portfolio> {
  await db.transaction(async (tx) => {
    const { row: locked } = await lockPortfolio(tx, userId, portfolioId);
    if (locked.kind !== 'practice') throw practiceOnly();
    await tx
      .delete(portfolioTransactions)
      .where(eq(portfolioTransactions.portfolioId, portfolioId));
    await tx
      .insert(portfolioTransactions)
      .values({ portfolioId, ...transactionValues(practiceDeposit(today)) });
    // The ledger changed: cached ledgers and figures key on its version.
    await tx
      .update(portfolios)
      .set({ updatedAt: sql`now()`, ledgerVersion: sql`${portfolios.ledgerVersion} + 1` })
      .where(eq(portfolios.id, portfolioId));
  });
  return requirePortfolio(db, userId, portfolioId);
}
