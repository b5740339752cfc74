import {
  entitlementsFor,
  type Portfolio,
  type PortfolioList,
  practiceCash,
  practicePortfolioName,
  type TransactionInput,
} from '@tickerwise/shared';
import { and, asc, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, portfolioTransactions } from '../../db/schema/index.ts';
import { addDays } from '../../market-data/index.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { tierOf } from '../profiles/service.ts';
import { lockPortfolio, type PortfolioRow, transactionValues } from './ledger-store.ts';
import {
  isId,
  isUniqueViolation,
  portfolioNameTaken,
  portfolioNotFound,
  practiceFixed,
  practiceOnly,
} from './portfolio-errors.ts';

export type PortfolioRoom = Pick<EntitlementService, 'requireRoomFor'>;

function toPortfolio(row: PortfolioRow, transactionCount: number): Portfolio {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    transactionCount,
  };
}

/** The user's portfolios, oldest first, and how many their plan allows. */
export async function listPortfolios(db: Db, userId: string): Promise<PortfolioList> {
  const rows = await db
    .select({ ...getTableColumns(portfolios), transactionCount: count(portfolioTransactions.id) })
    .from(portfolios)
    .leftJoin(portfolioTransactions, eq(portfolioTransactions.portfolioId, portfolios.id))
    .where(eq(portfolios.userId, userId))
    .groupBy(portfolios.id)
    .orderBy(asc(portfolios.createdAt), asc(portfolios.name));
  return {
    portfolios: rows.map((row) => toPortfolio(row, row.transactionCount)),
    allowed: entitlementsFor(await tierOf(db, userId)).portfolios,
  };
}

/** The user's portfolio, or 404 (another user's portfolio does not exist for them). */
export async function requirePortfolio(
  db: Db,
  userId: string,
  portfolioId: string,
): Promise<Portfolio> {
  if (!isId(portfolioId)) throw portfolioNotFound();
  const [row] = await db
    .select({ ...getTableColumns(portfolios), transactionCount: count(portfolioTransactions.id) })
    .from(portfolios)
    .leftJoin(portfolioTransactions, eq(portfolioTransactions.portfolioId, portfolios.id))
    .where(and(eq(portfolios.id, portfolioId), eq(portfolios.userId, userId)))
    .groupBy(portfolios.id);
  if (!row) throw portfolioNotFound();
  return toPortfolio(row, row.transactionCount);
}

async function requireFreeName(tx: Db, userId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(
      and(
        eq(portfolios.userId, userId),
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
        .where(and(eq(portfolios.userId, userId), eq(portfolios.kind, 'real')));
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
  if (!isId(portfolioId)) throw portfolioNotFound();
  await db
    .transaction(async (tx) => {
      const locked = await lockPortfolio(tx, userId, portfolioId);
      if (!locked) throw portfolioNotFound();
      if (locked.kind === 'practice') throw practiceFixed();
      await requireFreeName(tx, userId, name, portfolioId);
      await tx
        .update(portfolios)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(portfolios.id, portfolioId));
    })
    .catch((error: unknown) => {
      // Two portfolios renamed to one name at once: the unique index keeps one.
      throw isUniqueViolation(error) ? portfolioNameTaken(name) : error;
    });
  return requirePortfolio(db, userId, portfolioId);
}

/** Deletes a portfolio and its whole ledger. */
export async function deletePortfolio(db: Db, userId: string, portfolioId: string): Promise<void> {
  if (!isId(portfolioId)) throw portfolioNotFound();
  const deleted = await db
    .delete(portfolios)
    .where(
      and(
        eq(portfolios.id, portfolioId),
        eq(portfolios.userId, userId),
        eq(portfolios.kind, 'real'),
      ),
    )
    .returning({ id: portfolios.id });
  if (deleted.length > 0) return;
  await requirePortfolio(db, userId, portfolioId);
  throw practiceFixed();
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
  if (!isId(portfolioId)) throw portfolioNotFound();
  await db.transaction(async (tx) => {
    const locked = await lockPortfolio(tx, userId, portfolioId);
    if (!locked) throw portfolioNotFound();
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
