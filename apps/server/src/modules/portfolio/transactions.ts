import type {
  RecentTransaction,
  Transaction,
  TransactionInput,
  TransactionPage,
  TransactionPageQuery,
} from '@tickerwise/shared';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, portfolioTransactions, user } from '../../db/schema/index.ts';
import { announceToTeam } from '../teams/service.ts';
import { describeEntry, type LedgerEntry, ledgerProblemSteps } from './domain/ledger.ts';
import { runInSlices } from './domain/steps.ts';
import {
  candidateEntry,
  ledgerEntries,
  lockPortfolio,
  toTransaction,
  transactionValues,
} from './ledger-store.ts';
import { type ReachedPortfolio, reachPortfolio } from './portfolio-access.ts';
import {
  isId,
  ledgerConflict,
  ledgerFieldError,
  portfolioNotFound,
  transactionNotFound,
} from './portfolio-errors.ts';
import type { PortfolioRoom } from './portfolios.ts';

/** Which securities exist: the symbols of `symbols` no market data source knows. */
export type SymbolCheck = (symbols: readonly string[]) => Promise<Set<string>>;

const unknownSymbol = (symbol: string) =>
  ledgerFieldError(
    'symbol',
    `We have no market data for ${symbol}. Tickerwise covers US stocks and ETFs: check the symbol.`,
  );

/** The field a transaction's ledger problems are shown under in the dialog. */
function mainField(input: TransactionInput): string {
  if (input.kind === 'buy' || input.kind === 'sell') return 'quantity';
  if (input.kind === 'split') return 'splitTo';
  return 'amount';
}

/**
 * The ledger with one transaction added, changed or removed must still stand. A problem of
 * the transaction itself goes under its field; one it causes later names that transaction.
 */
async function requireStandingLedger(
  entries: readonly LedgerEntry[],
  changed: { id: string; input?: TransactionInput },
): Promise<void> {
  // Replayed in slices: a large ledger does not hold up other requests.
  const [problem] = await runInSlices(ledgerProblemSteps(entries, 1));
  if (!problem) return;
  if (problem.transactionId === changed.id) throw ledgerFieldError(problem.field, problem.message);
  const victim = entries.find((entry) => entry.id === problem.transactionId)!;
  const message = `That would leave ${describeEntry(victim)} impossible. ${problem.message}`;
  if (!changed.input) throw ledgerConflict(message);
  throw ledgerFieldError(mainField(changed.input), message);
}

/**
 * Runs `work` on a portfolio's ledger with the portfolio locked: two tabs adding at once are
 * applied one after the other, each checked against the ledger as the other left it.
 */
async function withLockedLedger<T>(
  db: Db,
  userId: string,
  portfolioId: string,
  work: (
    tx: Db,
    entries: LedgerEntry[],
    practice: PracticeRule | null,
    locked: ReachedPortfolio,
  ) => Promise<T>,
): Promise<T> {
  if (!isId(portfolioId)) throw portfolioNotFound();
  return db.transaction(async (tx) => {
    const locked = await lockPortfolio(tx, userId, portfolioId);
    const entries = await ledgerEntries(tx, portfolioId);
    const practice = locked.row.kind === 'practice' ? new PracticeRule(entries) : null;
    const changed = await work(tx, entries, practice, locked);
    if (locked.row.teamId) await announceToTeam(tx, locked.row.teamId, ['portfolios']);
    return changed;
  });
}

/**
 * The practice portfolio starts with its practice cash, the first transaction it was given
 * (on first use, and again on each reset): nothing in it may be dated before that cash
 * existed, and the cash itself is changed only by a reset. Otherwise a practice trade could
 * spend money the practice portfolio did not yet have.
 */
export class PracticeRule {
  private readonly cash: LedgerEntry | undefined;

  constructor(entries: readonly LedgerEntry[]) {
    this.cash = entries.reduce<LedgerEntry | undefined>(
      (first, entry) => (first === undefined || entry.seq < first.seq ? entry : first),
      undefined,
    );
  }

  /** Throws unless `input` may be kept in the practice portfolio (as `transactionId`). */
  allow(input: TransactionInput, transactionId?: string): void {
    if (!this.cash) return;
    if (transactionId === this.cash.id) throw this.fixed();
    if (input.date < this.cash.date) {
      throw ledgerFieldError(
        'date',
        `Practice trades start on ${this.cash.date}, the day the practice cash was added. Choose that date or a later one, or reset the practice portfolio to start again from today.`,
      );
    }
  }

  /** Throws if `transactionId` is the practice cash. */
  allowRemoving(transactionId: string): void {
    if (transactionId === this.cash?.id) throw this.fixed();
  }

  private fixed() {
    return ledgerConflict(
      'The practice cash is where the practice portfolio starts: reset the portfolio to start again instead of changing it.',
    );
  }
}

/**
 * Refuses with 402, naming the limit, when `adding` transactions would take the portfolio or
 * all the portfolios of its plan past what the plan allows (docs/PRODUCT.md 4.2). A team's
 * portfolio is used under the team owner's plan (`planHolder`), and the account's count is
 * then the team's portfolios'; a personal one's, its maker's personal portfolios'. Inside the
 * transaction that holds the portfolio's lock (`tx` only).
 */
export async function requireRoomForTransactions(
  tx: Db,
  room: PortfolioRoom,
  planHolder: string,
  inPortfolio: number,
  adding: number,
  portfolio: { teamId: string | null },
): Promise<void> {
  const member = { id: planHolder };
  const { teamId } = portfolio;
  await room.requireRoomFor(
    tx,
    member,
    'transactionsPerPortfolio',
    async () => inPortfolio,
    adding,
  );
  await room.requireRoomFor(
    tx,
    member,
    'transactionsPerAccount',
    async () => {
      const [row] = await tx
        .select({ total: count() })
        .from(portfolioTransactions)
        .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
        // Practice trades are outside the account's limit (the portfolio's own still holds).
        .where(
          and(
            teamId
              ? eq(portfolios.teamId, teamId)
              : and(eq(portfolios.userId, planHolder), isNull(portfolios.teamId)),
            eq(portfolios.kind, 'real'),
          ),
        );
      return row?.total ?? 0;
    },
    adding,
  );
}

const nextSeq = (entries: readonly LedgerEntry[]) =>
  entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;

async function requireKnownSymbol(check: SymbolCheck, input: TransactionInput): Promise<void> {
  if (input.symbol && (await check([input.symbol])).has(input.symbol)) {
    throw unknownSymbol(input.symbol);
  }
}

export async function addTransaction(
  db: Db,
  room: PortfolioRoom,
  check: SymbolCheck,
  userId: string,
  portfolioId: string,
  input: TransactionInput,
): Promise<Transaction> {
  await requireKnownSymbol(check, input);
  return withLockedLedger(db, userId, portfolioId, async (tx, entries, practice, locked) => {
    practice?.allow(input);
    await requireRoomForTransactions(tx, room, locked.planHolder, entries.length, 1, locked.row);
    const candidate = candidateEntry('new', nextSeq(entries), input);
    await requireStandingLedger([...entries, candidate], { id: candidate.id, input });
    const [row] = await tx
      .insert(portfolioTransactions)
      .values({ portfolioId, ...transactionValues(input), enteredBy: userId })
      .returning();
    await touch(tx, portfolioId);
    return toTransaction(row!, await nameOf(tx, userId));
  });
}

export async function updateTransaction(
  db: Db,
  check: SymbolCheck,
  userId: string,
  portfolioId: string,
  transactionId: string,
  input: TransactionInput,
): Promise<Transaction> {
  if (!isId(transactionId)) throw transactionNotFound();
  await requireKnownSymbol(check, input);
  return withLockedLedger(db, userId, portfolioId, async (tx, entries, practice) => {
    const current = entries.find((entry) => entry.id === transactionId);
    if (!current) throw transactionNotFound();
    practice?.allow(input, transactionId);
    const changed = candidateEntry(transactionId, current.seq, input);
    await requireStandingLedger(
      entries.map((entry) => (entry.id === transactionId ? changed : entry)),
      { id: transactionId, input },
    );
    const [row] = await tx
      .update(portfolioTransactions)
      .set({ ...transactionValues(input), updatedAt: sql`now()` })
      .where(eq(portfolioTransactions.id, transactionId))
      .returning();
    await touch(tx, portfolioId);
    return toTransaction(row!, row!.enteredBy ? await nameOf(tx, row!.enteredBy) : null);
  });
}

export async function deleteTransaction(
  db: Db,
  userId: string,
  portfolioId: string,
  transactionId: string,
): Promise<void> {
  if (!isId(transactionId)) throw transactionNotFound();
  await withLockedLedger(db, userId, portfolioId, async (tx, entries, practice) => {
    if (!entries.some((entry) => entry.id === transactionId)) throw transactionNotFound();
    practice?.allowRemoving(transactionId);
    await requireStandingLedger(
      entries.filter((entry) => entry.id !== transactionId),
      { id: transactionId },
    );
    await tx.delete(portfolioTransactions).where(eq(portfolioTransactions.id, transactionId));
    await touch(tx, portfolioId);
  });
}

async function nameOf(tx: Db, userId: string): Promise<string | null> {
  const [row] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

/** Marks the ledger changed: cached ledgers and figures key on its version. */
export async function touch(tx: Db, portfolioId: string): Promise<void> {
  await tx
    .update(portfolios)
    .set({ updatedAt: sql`now()`, ledgerVersion: sql`${portfolios.ledgerVersion} + 1` })
    .where(eq(portfolios.id, portfolioId));
}

/** Cursor of a page: the last transaction's date and entry order. */
function encodeCursor(date: string, seq: number): string {
  return Buffer.from(`${date}|${seq}`).toString('base64url');
}

function decodeCursor(cursor: string): { date: string; seq: number } | undefined {
  const [date, seq] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{1,15}$/.test(seq ?? '')) return undefined;
  // Only a cursor written by `encodeCursor` (base64url reading skips characters it ignores).
  if (encodeCursor(date, Number(seq)) !== cursor) return undefined;
  return { date, seq: Number(seq) };
}

/** A page of a portfolio's transactions, newest first. */
export async function transactionPage(
  db: Db,
  userId: string,
  portfolioId: string,
  query: TransactionPageQuery,
): Promise<TransactionPage> {
  await reachPortfolio(db, userId, portfolioId, 'read');
  const cursor = query.before === undefined ? undefined : decodeCursor(query.before);
  // A cursor that is not one of ours is refused, not read as the first page.
  if (query.before !== undefined && !cursor) {
    throw ledgerFieldError(
      'before',
      'This page cursor is not valid: pass the `next` of the previous page.',
    );
  }
  const ofPortfolio = eq(portfolioTransactions.portfolioId, portfolioId);
  const rows = await db
    .select({ row: portfolioTransactions, enteredBy: user.name })
    .from(portfolioTransactions)
    .leftJoin(user, eq(user.id, portfolioTransactions.enteredBy))
    .where(
      cursor
        ? and(
            ofPortfolio,
            or(
              lt(portfolioTransactions.date, cursor.date),
              and(
                eq(portfolioTransactions.date, cursor.date),
                lt(portfolioTransactions.seq, cursor.seq),
              ),
            ),
          )
        : ofPortfolio,
    )
    .orderBy(desc(portfolioTransactions.date), desc(portfolioTransactions.seq))
    .limit(query.limit + 1);
  const [total] = await db
    .select({ total: count() })
    .from(portfolioTransactions)
    .where(ofPortfolio);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.row;
  return {
    transactions: page.map(({ row, enteredBy }) => toTransaction(row, enteredBy)),
    next: rows.length > query.limit && last ? encodeCursor(last.date, last.seq) : null,
    total: total?.total ?? 0,
  };
}

/** The latest transactions of the user's own portfolios (the dashboard's recent activity). */
export async function recentTransactions(
  db: Db,
  userId: string,
  limit: number,
): Promise<RecentTransaction[]> {
  const rows = await db
    .select({
      transaction: portfolioTransactions,
      portfolioName: portfolios.name,
      portfolioKind: portfolios.kind,
    })
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    // The user's own portfolios: a team's are read on the team's portfolio page.
    .where(and(eq(portfolios.userId, userId), isNull(portfolios.teamId)))
    .orderBy(desc(portfolioTransactions.date), desc(portfolioTransactions.seq))
    .limit(limit);
  return rows.map((row) => ({
    ...toTransaction(row.transaction),
    portfolioName: row.portfolioName,
    portfolioKind: row.portfolioKind,
  }));
}
