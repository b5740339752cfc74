import {
  type ImportError,
  type ImportPreview,
  type ImportResult,
  importErrorsListed,
  importPreviewRows,
  type ParsedImportRequest,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type LedgerEntry, ledgerProblemSteps } from './domain/ledger.ts';
import { breathe, runInSlices, stepEvery } from './domain/steps.ts';
import type { ProgressReport } from './import-progress.ts';
import { columnOf, type ReadFile, readImportSteps } from './import-rows.ts';
import {
  candidateEntry,
  findPortfolio,
  insertTransactions,
  ledgerEntries,
  lockPortfolio,
} from './ledger-store.ts';
import { isId, portfolioNotFound } from './portfolio-errors.ts';
import type { PortfolioRoom } from './portfolios.ts';
import { requireRoomForTransactions, type SymbolCheck, touch } from './transactions.ts';

/** A file read and checked against the portfolio's ledger as it stands. */
interface CheckedFile extends ReadFile {
  errors: ImportError[];
}

/**
 * Every check an import makes, row by row: the shared schema (in `readImportFile`), known
 * symbols, then the ledger with the file's rows after the existing transactions (a sell of
 * shares not held, a withdrawal of cash not there), each problem at its row.
 */
async function checkFile(
  file: ReadFile,
  request: ParsedImportRequest,
  existing: readonly LedgerEntry[],
  check: SymbolCheck,
  progress: ProgressReport,
): Promise<CheckedFile> {
  const errors = [...file.errors];
  const column = (field: string) => columnOf(request.format, field, request.mapping);
  const symbols = [
    ...new Set(file.rows.flatMap((row) => (row.input.symbol ? [row.input.symbol] : []))),
  ];
  const unknown = symbols.length > 0 ? await check(symbols) : new Set<string>();
  const known = file.rows.filter(({ row, input }) => {
    if (!input.symbol || !unknown.has(input.symbol)) return true;
    errors.push({
      row,
      column: column('symbol'),
      message: `We have no market data for ${input.symbol}.`,
    });
    return false;
  });
  // The readable rows after the existing transactions: a sell of shares not held, a withdrawal
  // of cash not there. A row the schema refused is left out, so a later row may show a problem
  // that fixing it also fixes; the user sees every row at once rather than one round at a time.
  const firstSeq = existing.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
  const rowOf = new Map<string, number>();
  const candidates: LedgerEntry[] = [];
  const since = { at: performance.now() };
  for (const [index, { row, input }] of known.entries()) {
    if (index % stepEvery === 0) await breathe(since);
    rowOf.set(`row-${row}`, row);
    candidates.push(candidateEntry(`row-${row}`, firstSeq + index, input));
  }
  const ledger = [...existing, ...candidates];
  progress.stage('checking', ledger.length);
  // Replayed in slices: a large file does not hold up other requests.
  const problems = await runInSlices(ledgerProblemSteps(ledger, importErrorsListed), (done) =>
    progress.done(done),
  );
  for (const problem of problems) {
    const row = rowOf.get(problem.transactionId);
    // Existing transactions stood before; only the file's rows can be at fault.
    if (row !== undefined)
      errors.push({ row, column: column(problem.field), message: problem.message });
  }
  errors.sort((a, b) => a.row - b.row);
  return { ...file, errors };
}

function previewOf(file: CheckedFile): ImportPreview {
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const { input } of file.rows) {
    if (firstDate === null || input.date < firstDate) firstDate = input.date;
    if (lastDate === null || input.date > lastDate) lastDate = input.date;
  }
  return {
    rowCount: file.rowCount,
    importable: file.errors.length === 0 ? file.rows.length : 0,
    skipped: file.skipped,
    valid: file.errors.length === 0,
    rows: file.rows.slice(0, importPreviewRows).map(({ row, input }) => ({
      row,
      kind: input.kind,
      date: input.date,
      symbol: input.symbol,
      quantity: input.quantity,
      price: input.price,
      amount: input.amount,
      fees: input.fees,
      ratio: input.splitTo ? `${input.splitTo}:${input.splitFrom}` : null,
      note: input.note,
    })),
    errors: file.errors.slice(0, importErrorsListed),
    errorCount: file.errors.length,
    headers: file.headers,
    firstDate,
    lastDate,
  };
}

async function requireOwned(db: Db, userId: string, portfolioId: string): Promise<void> {
  if (!isId(portfolioId)) throw portfolioNotFound();
  const [row] = await db
    .select({ userId: portfolios.userId })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId));
  if (row?.userId !== userId) throw portfolioNotFound();
}

/** The file's rows read in slices that give way to other requests, reporting progress. */
async function readFile(request: ParsedImportRequest, progress: ProgressReport): Promise<ReadFile> {
  // The rows' count before they are read: the bar's length (an estimate, lines not records).
  progress.stage('reading', request.csv.split('\n').length - 1);
  return runInSlices(readImportSteps(request), (done) => progress.done(done));
}

/** What importing the file would do, and every row that stops it; nothing is written. */
export async function previewImport(
  db: Db,
  check: SymbolCheck,
  userId: string,
  portfolioId: string,
  request: ParsedImportRequest,
  progress: ProgressReport,
): Promise<ImportPreview> {
  await requireOwned(db, userId, portfolioId);
  const file = await readFile(request, progress);
  const existing = await ledgerEntries(db, portfolioId);
  return previewOf(await checkFile(file, request, existing, check, progress));
}

/**
 * Imports the whole file in one database transaction, or nothing; any error refuses it all.
 * The file is checked against the ledger before the transaction (in slices, while other
 * requests go on: an embedded database serves nothing else while a transaction is open), and
 * again inside it only when the ledger changed meanwhile (its version moved).
 */
export async function importFile(
  db: Db,
  room: PortfolioRoom,
  check: SymbolCheck,
  userId: string,
  portfolioId: string,
  request: ParsedImportRequest,
  progress: ProgressReport,
): Promise<ImportResult> {
  if (!isId(portfolioId)) throw portfolioNotFound();
  const file = await readFile(request, progress);
  const symbols = [
    ...new Set(file.rows.flatMap((row) => (row.input.symbol ? [row.input.symbol] : []))),
  ];
  // Asked before the lock: a source may take a moment, and the answer does not depend on it.
  const unknown = symbols.length > 0 ? await check(symbols) : new Set<string>();
  const known: SymbolCheck = async (asked) =>
    new Set(asked.filter((symbol) => unknown.has(symbol)));
  const owned = await findPortfolio(db, userId, portfolioId);
  if (!owned) throw portfolioNotFound();
  const before = await ledgerEntries(db, portfolioId);
  let checked = await checkFile(file, request, before, known, progress);
  if (checked.errors.length > 0) throw importRefused(checked.errors);
  return db.transaction(async (tx) => {
    const locked = await lockPortfolio(tx, userId, portfolioId);
    if (!locked) throw portfolioNotFound();
    let count = before.length;
    if (locked.ledgerVersion !== owned.ledgerVersion) {
      const existing = await ledgerEntries(tx, portfolioId);
      count = existing.length;
      checked = await checkFile(file, request, existing, known, progress);
      if (checked.errors.length > 0) throw importRefused(checked.errors);
    }
    await requireRoomForTransactions(tx, room, userId, count, file.rows.length);
    progress.stage('saving', checked.rows.length);
    await insertTransactions(
      tx,
      portfolioId,
      checked.rows.map((row) => row.input),
      (stored) => progress.done(stored),
    );
    await touch(tx, portfolioId);
    return { imported: checked.rows.length, skipped: checked.skipped };
  });
}

function importRefused(errors: readonly ImportError[]): AppError {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new AppError(
    400,
    'import_invalid',
    `Nothing was imported. Row ${first!.row}: ${first!.message}${more}`,
  );
}
