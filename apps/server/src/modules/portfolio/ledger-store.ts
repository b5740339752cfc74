import type { Transaction, TransactionInput } from '@tickerwise/shared';
import { and, asc, eq, type InferSelectModel, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { portfolios } from '../../db/schema/index.ts';
import { portfolioTransactions } from '../../db/schema/index.ts';
import { cashEffect, type LedgerEntry } from './domain/ledger.ts';
import { cashScale, money, priceScale, shareScale, units } from './domain/money.ts';
import { breathe, giveWay, stepEvery } from './domain/steps.ts';
import { type ReachedPortfolio, reachPortfolio } from './portfolio-access.ts';

export type TransactionRow = InferSelectModel<typeof portfolioTransactions>;
export type PortfolioRow = InferSelectModel<typeof portfolios>;

const unitsOrNull = (value: string | null, scale: number) =>
  value === null ? null : units(value, scale);

/** A stored transaction as the ledger replays it. */
export function toLedgerEntry(row: TransactionRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    symbol: row.symbol,
    quantity: unitsOrNull(row.quantity, shareScale),
    price: unitsOrNull(row.price, priceScale),
    amount: unitsOrNull(row.amount, cashScale),
    fees: units(row.fees, cashScale),
    splitTo: row.splitTo,
    splitFrom: row.splitFrom,
    seq: row.seq,
  };
}

/** A validated transaction as the ledger would replay it, before it is stored. */
export function candidateEntry(id: string, seq: number, input: TransactionInput): LedgerEntry {
  return {
    id,
    kind: input.kind,
    date: input.date,
    symbol: input.symbol,
    quantity: unitsOrNull(input.quantity, shareScale),
    price: unitsOrNull(input.price, priceScale),
    amount: unitsOrNull(input.amount, cashScale),
    fees: units(input.fees, cashScale),
    splitTo: input.splitTo,
    splitFrom: input.splitFrom,
    seq,
  };
}

/** Exact text without trailing zeros: numeric(20,8) "50.00000000" is "50". */
const plain = (value: string | null) =>
  value === null ? null : value.includes('.') ? value.replace(/\.?0+$/, '') : value;

/** A stored transaction as the API sends it, with the name of who entered it when known. */
export function toTransaction(row: TransactionRow, enteredBy: string | null = null): Transaction {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    kind: row.kind,
    date: row.date,
    symbol: row.symbol,
    quantity: plain(row.quantity),
    price: plain(row.price),
    amount: plain(row.amount),
    fees: plain(row.fees) ?? '0',
    splitTo: row.splitTo,
    splitFrom: row.splitFrom,
    note: row.note,
    cashEffect: money(cashEffect(toLedgerEntry(row))).toFixed(),
    createdAt: row.createdAt.toISOString(),
    enteredBy,
  };
}

/** The columns of a transaction to insert or update. */
export function transactionValues(input: TransactionInput) {
  return {
    kind: input.kind,
    date: input.date,
    symbol: input.symbol,
    quantity: input.quantity,
    price: input.price,
    amount: input.amount,
    fees: input.fees,
    splitTo: input.splitTo,
    splitFrom: input.splitFrom,
    note: input.note,
  };
}

/**
 * The portfolio with its row locked until the transaction ends (`tx` only), when the user may
 * change it: their own, or their team's as Editor and up (`reachPortfolio`).
 */
export async function lockPortfolio(
  tx: Db,
  userId: string,
  portfolioId: string,
): Promise<ReachedPortfolio> {
  return reachPortfolio(tx, userId, portfolioId, 'change', { lock: true });
}

/** The portfolio, when the user may change it (unlocked). */
export async function findPortfolio(
  db: Db,
  userId: string,
  portfolioId: string,
): Promise<PortfolioRow> {
  return (await reachPortfolio(db, userId, portfolioId, 'change')).row;
}

/** Rows per read of a ledger: an embedded database answers each read on the event loop. */
const readPage = 100;

/**
 * Every transaction of a portfolio by date (then order of entry), read a page at a time and
 * giving way between pages, so a large ledger does not hold up other requests.
 */
export async function ledgerRows(db: Db, portfolioId: string): Promise<TransactionRow[]> {
  const rows: TransactionRow[] = [];
  const ofPortfolio = eq(portfolioTransactions.portfolioId, portfolioId);
  for (;;) {
    const last = rows.at(-1);
    const page = await db
      .select()
      .from(portfolioTransactions)
      .where(
        last
          ? and(
              ofPortfolio,
              // A row comparison the (portfolio, date, seq) index answers directly.
              sql`(${portfolioTransactions.date}, ${portfolioTransactions.seq}) > (${last.date}::date, ${last.seq}::bigint)`,
            )
          : ofPortfolio,
      )
      .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.seq))
      .limit(readPage);
    rows.push(...page);
    if (page.length < readPage) return rows;
    await giveWay();
  }
}

/** A portfolio's ledger as it is replayed (see `ledgerRows`), converted in slices. */
export async function ledgerEntries(db: Db, portfolioId: string): Promise<LedgerEntry[]> {
  return toLedgerEntries(await ledgerRows(db, portfolioId));
}

/** Stored transactions as the ledger replays them, converted in slices. */
export async function toLedgerEntries(rows: readonly TransactionRow[]): Promise<LedgerEntry[]> {
  const since = { at: performance.now() };
  const entries: LedgerEntry[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    if (index % stepEvery === 0) await breathe(since);
    entries.push(toLedgerEntry(rows[index]!));
  }
  return entries;
}

/**
 * Rows per INSERT: one array parameter per column, so a chunk costs ten parameters; small
 * enough that an embedded database's insert of one chunk is short.
 */
const insertChunk = 500;

/**
 * Rows an insert must reach to refresh the table's planner statistics: without them, reading
 * a large ledger back by its index is planned as a scan and sort of the whole ledger per page
 * (an embedded database never refreshes them by itself).
 */
const analyzeAfter = 1_000;

/** A PostgreSQL array literal of text values (NULL for null), quoted and escaped. */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${String(value).replace(/[\\"]/g, (char) => `\\${char}`)}"`,
  );
  return `{${items.join(',')}}`;
}

/**
 * Stores many transactions in their order (an import): one statement per chunk with one array
 * parameter per column, far less to parse and bind than a parameter per value. Inside the
 * caller's transaction (`tx` only).
 */
export async function insertTransactions(
  tx: Db,
  portfolioId: string,
  inputs: readonly TransactionInput[],
  onChunk?: (stored: number) => void,
  /** Who entered them (a shared portfolio shows it). */
  enteredBy: string | null = null,
): Promise<void> {
  for (let start = 0; start < inputs.length; start += insertChunk) {
    const chunk = inputs.slice(start, start + insertChunk);
    const column = (pick: (input: TransactionInput) => string | number | null) =>
      arrayLiteral(chunk.map(pick));
    // `with ordinality` keeps the file's order in the identity column `seq`.
    await tx.execute(sql`
      insert into portfolio_transactions
        (portfolio_id, kind, date, symbol, quantity, price, amount, fees, split_to, split_from, note,
          entered_by)
      select ${portfolioId}::uuid, row.kind, row.date, row.symbol, row.quantity, row.price,
        row.amount, row.fees, row.split_to, row.split_from, row.note, ${enteredBy}
      from unnest(
        ${column((input) => input.kind)}::transaction_kind[],
        ${column((input) => input.date)}::date[],
        ${column((input) => input.symbol)}::text[],
        ${column((input) => input.quantity)}::numeric[],
        ${column((input) => input.price)}::numeric[],
        ${column((input) => input.amount)}::numeric[],
        ${column((input) => input.fees)}::numeric[],
        ${column((input) => input.splitTo)}::integer[],
        ${column((input) => input.splitFrom)}::integer[],
        ${column((input) => input.note)}::text[]
      ) with ordinality as row(kind, date, symbol, quantity, price, amount, fees, split_to,
        split_from, note, position)
      order by row.position`);
    onChunk?.(Math.min(start + insertChunk, inputs.length));
    await giveWay();
  }
  if (inputs.length >= analyzeAfter) {
    // A small sample (3,000 rows) is enough to see the ledgers' sizes, and quick to take.
    await tx.execute(sql`set local default_statistics_target = 10`);
    await tx.execute(sql`analyze portfolio_transactions`);
  }
}
