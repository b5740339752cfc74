import {
  type ImportError,
  type ImportPreview,
  type ImportResult,
  importErrorsListed,
  importPreviewRows,
  type NotCoveredSymbol,
  type ParsedImportRequest,
  transactionInputSchema,
} from '@tickerwise/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { announceToTeam } from '../teams/service.ts';
import {
  type LedgerEntry,
  LedgerReplay,
  ledgerProblemSteps,
  sharesText,
  sortLedger,
} from './domain/ledger.ts';
import { shareScale, units as unitsOf } from './domain/money.ts';
import { breathe, runInSlices, stepEvery } from './domain/steps.ts';
import type { ProgressReport } from './import-progress.ts';
import { columnOf, type ReadFile, type ReadRow, readImportSteps } from './import-rows.ts';
import {
  candidateEntry,
  findPortfolio,
  insertTransactions,
  ledgerEntries,
  lockPortfolio,
} from './ledger-store.ts';
import { reachPortfolio } from './portfolio-access.ts';
import { isId, portfolioNotFound } from './portfolio-errors.ts';
import type { PortfolioRoom } from './portfolios.ts';
import {
  PracticeRule,
  requireRoomForTransactions,
  type SymbolCheck,
  touch,
} from './transactions.ts';

/** A file read and checked against the portfolio's ledger as it stands. */
interface CheckedFile extends ReadFile {
  errors: ImportError[];
  notCovered: NotCoveredSymbol[];
}

/** How far a split's ratio read from shares may be from whole numbers: 1/2000 of the shares. */
const splitRatioTolerance = 2000n;
/** Or 0.0001 shares (each share count rounded to 4 decimals by the broker). */
const splitShareTolerance = 10_000n;

/**
 * The split `to:from` that turns `held` shares into `after`, within the rounding of a
 * broker's share counts, or undefined: the first convergent of the continued fraction of
 * after/held that is close enough (a few steps, whatever the numbers). Splits are N for 1,
 * 1 for N or a small fraction (3 for 2): the smaller number is at most 10, the larger 1000.
 */
export function splitRatioOf(held: bigint, after: bigint): [number, number] | undefined {
  if (held <= 0n || after <= 0n) return undefined;
  let [toBefore, to] = [0n, 1n];
  let [fromBefore, from] = [1n, 0n];
  let [numerator, denominator] = [after, held];
  while (denominator !== 0n) {
    const term = numerator / denominator;
    [toBefore, to] = [to, term * to + toBefore];
    [fromBefore, from] = [from, term * from + fromBefore];
    if (from > 1000n || to > 1000n || (from > 10n && to > 10n)) return undefined;
    const gap = to * held - after * from;
    const distance = gap < 0n ? -gap : gap;
    const close =
      distance * splitRatioTolerance <= after * from || distance <= splitShareTolerance * from;
    if (to >= 1n && to !== from && close) return [Number(to), Number(from)];
    [numerator, denominator] = [denominator, numerator - term * denominator];
  }
  return undefined;
}

/**
 * Reads each split given as shares added (Schwab's "Stock Split" row) as a ratio of the
 * shares held at the end of the day before, the portfolio's transactions and the file's
 * earlier rows counted. One replay in ledger order serves every split of the file, each read
 * split counting for the next.
 */
function readSplits(
  file: ReadFile,
  request: ParsedImportRequest,
  existing: readonly LedgerEntry[],
  firstSeq: number,
  errors: ImportError[],
): ReadRow[] {
  if (file.splits.length === 0) return [];
  const column = columnOf(request.format, 'quantity', request.mapping);
  const entries = sortLedger([
    ...existing,
    ...file.rows.map(({ row, input }) => candidateEntry(`row-${row}`, firstSeq + row, input)),
  ]);
  const replay = new LedgerReplay();
  let next = 0;
  const read: ReadRow[] = [];
  const splits = [...file.splits].sort((a, b) => a.date.localeCompare(b.date) || a.row - b.row);
  for (const split of splits) {
    while (next < entries.length && entries[next]!.date < split.date) {
      replay.apply(entries[next]!);
      next += 1;
    }
    const held = replay.positions.get(split.symbol)?.quantity ?? 0n;
    let added: bigint;
    try {
      added = unitsOf(split.shares, shareScale);
    } catch {
      errors.push({ row: split.row, column, message: 'The quantity can have at most 8 decimals' });
      continue;
    }
    const ratio = splitRatioOf(held, held + added);
    if (!ratio) {
      errors.push({
        row: split.row,
        column,
        message:
          held === 0n
            ? `You held no ${split.symbol} before ${split.date}, so the split's ${split.shares} shares cannot be read as a ratio: add it as a split with its ratio.`
            : `You held ${sharesText(held)} ${split.symbol} before ${split.date}: ${split.shares} shares more or less is no split ratio we can read. Add it as a split with its ratio.`,
      });
      continue;
    }
    const parsed = transactionInputSchema.safeParse({
      kind: 'split',
      date: split.date,
      symbol: split.symbol,
      splitTo: String(ratio[0]),
      splitFrom: String(ratio[1]),
      note: split.note,
    });
    if (!parsed.success) {
      errors.push({ row: split.row, column, message: parsed.error.issues[0]!.message });
      continue;
    }
    read.push({ row: split.row, input: parsed.data });
    replay.apply(candidateEntry(`row-${split.row}`, firstSeq + split.row, parsed.data));
  }
  return read;
}

/**
 * Every check an import makes, row by row: the shared schema (in `readImportFile`), splits
 * given as shares added, known symbols (rows of symbols we have no data for are errors, or
 * left out when the user accepts it), then the ledger with the file's rows after the existing
 * transactions (a sell of shares not held, a withdrawal of cash not there), each problem at
 * its row.
 */
async function checkFile(
  file: ReadFile,
  request: ParsedImportRequest,
  existing: readonly LedgerEntry[],
  check: SymbolCheck,
  progress: ProgressReport,
): Promise<CheckedFile> {
  const errors = [...file.errors];
  const skipped = [...file.skipped];
  const column = (field: string) => columnOf(request.format, field, request.mapping);
  const firstSeq = existing.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
  const named = [
    ...file.rows,
    ...file.splits.map((split) => ({ row: split.row, symbol: split.symbol })),
  ].flatMap((row) => {
    const symbol = 'input' in row ? row.input.symbol : row.symbol;
    return symbol ? [{ row: row.row, symbol }] : [];
  });
  const symbols = [...new Set(named.map((row) => row.symbol))];
  const unknown = symbols.length > 0 ? await check(symbols) : new Set<string>();
  const notCovered = [...unknown].sort().map((symbol) => ({
    symbol,
    rows: named.filter((row) => row.symbol === symbol).length,
  }));
  const uncovered = (row: number, symbol: string | null) => {
    if (!symbol || !unknown.has(symbol)) return false;
    if (request.leaveOutUncovered) {
      skipped.push({
        row,
        reason: `We have no market data for ${symbol}: left out, as you chose.`,
      });
    } else {
      errors.push({
        row,
        column: column('symbol'),
        message: `We have no market data for ${symbol}.`,
      });
    }
    return true;
  };
  const coveredFile: ReadFile = {
    ...file,
    rows: file.rows.filter(({ row, input }) => !uncovered(row, input.symbol)),
    splits: file.splits.filter((split) => !uncovered(split.row, split.symbol)),
  };
  const splits = readSplits(coveredFile, request, existing, firstSeq, errors);
  // The file's order is the order of entry (it breaks ties within a day).
  const known = [...coveredFile.rows, ...splits].sort((a, b) => a.row - b.row);
  // The readable rows after the existing transactions: a sell of shares not held, a withdrawal
  // of cash not there. A row the schema refused is left out, so a later row may show a problem
  // that fixing it also fixes; the user sees every row at once rather than one round at a time.
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
  skipped.sort((a, b) => a.row - b.row);
  return { ...file, rows: known, errors, skipped, notCovered };
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
    skipped: file.skipped.length,
    skippedRows: file.skipped.slice(0, importErrorsListed),
    notCovered: file.notCovered,
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

/** A preview is of a change: the user's own portfolio, or their team's as Editor and up. */
async function requireOwned(db: Db, userId: string, portfolioId: string): Promise<void> {
  await reachPortfolio(db, userId, portfolioId, 'change');
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
    ...new Set([
      ...file.rows.flatMap((row) => (row.input.symbol ? [row.input.symbol] : [])),
      ...file.splits.map((split) => split.symbol),
    ]),
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
  if (checked.rows.length === 0) throw nothingToImport(checked.skipped.length);
  return db.transaction(async (tx) => {
    const { row: locked, planHolder } = await lockPortfolio(tx, userId, portfolioId);
    let count = before.length;
    if (locked.ledgerVersion !== owned.ledgerVersion) {
      const existing = await ledgerEntries(tx, portfolioId);
      count = existing.length;
      checked = await checkFile(file, request, existing, known, progress);
      if (checked.errors.length > 0) throw importRefused(checked.errors);
      if (checked.rows.length === 0) throw nothingToImport(checked.skipped.length);
    }
    await requireRoomForTransactions(tx, room, planHolder, count, checked.rows.length, locked);
    if (locked.kind === 'practice') {
      const rule = new PracticeRule(await ledgerEntries(tx, portfolioId));
      for (const row of checked.rows) rule.allow(row.input);
    }
    progress.stage('saving', checked.rows.length);
    await insertTransactions(
      tx,
      portfolioId,
      checked.rows.map((row) => row.input),
      (stored) => progress.done(stored),
      userId,
    );
    await touch(tx, portfolioId);
    if (locked.teamId) await announceToTeam(tx, locked.teamId, ['portfolios']);
    return { imported: checked.rows.length, skipped: checked.skipped.length };
  });
}

/** A file of which every row is left out imports nothing: that is no success. */
function nothingToImport(skipped: number): AppError {
  return new AppError(
    400,
    'import_empty',
    skipped > 0
      ? 'Nothing was imported: every row of the file is left out (the preview lists each with its reason).'
      : 'Nothing was imported: the file has no transactions.',
  );
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
