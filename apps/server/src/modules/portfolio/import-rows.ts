import {
  type ActionMeaning,
  type BrokerMapping,
  type BrokerPresetId,
  type CsvRow,
  cleanDecimal,
  csvRows,
  findHeaderRow,
  type ImportError,
  importMaxRows,
  isTemplateHeader,
  noteRowReason,
  type ParsedImportRequest,
  parseImportDate,
  presetFeeColumns,
  readBrokerAction,
  type SkippedRow,
  type TemplateColumn,
  type TransactionForm,
  type TransactionInput,
  type TransactionKind,
  transactionInputSchema,
  transactionKindLabels,
  transactionKinds,
} from '@tickerwise/shared';
import { unitsOf, unitsText } from '@tickerwise/shared/exact-money';
import { runNow, type Steps, stepEvery } from './domain/steps.ts';

/** A row of the file that passed the shared transaction schema. */
export interface ReadRow {
  row: number;
  input: TransactionInput;
}

/**
 * A broker's split row that gives the shares it added (Schwab's "Stock Split"), not a ratio:
 * the ratio is read against the shares held before it, once the ledger is known.
 */
export interface SplitByShares {
  row: number;
  date: string;
  symbol: string;
  /** Shares added (removed, for a reverse split, when negative), as decimal text. */
  shares: string;
  note?: string;
}

export interface ReadFile {
  headers: string[];
  rowCount: number;
  rows: ReadRow[];
  errors: ImportError[];
  /** Rows left out, each with its reason: nothing is left out unsaid. */
  skipped: SkippedRow[];
  splits: SplitByShares[];
}

/** Our template's type column: the kinds, their labels, and a few common words. */
const kindWords = new Map<string, TransactionKind>([
  ...transactionKinds.map((kind) => [kind, kind] as const),
  ...transactionKinds.map((kind) => [transactionKindLabels[kind].toLowerCase(), kind] as const),
  ['bought', 'buy'],
  ['sold', 'sell'],
  ['div', 'dividend'],
  ['stock split', 'split'],
  ['cash in', 'deposit'],
  ['cash out', 'withdrawal'],
]);

/** A broker number without its sign: "(12.50)", "-12.50" and "-$12.50" are all 12.50. */
function unsigned(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^-\s*/, '')
    .replace(/^\$\s*-/, '$');
}

/** -1 for a negative number ("-5", "(5.00)", "-$5"), 1 for a positive one, 0 otherwise. */
function signOf(value: string | undefined): -1 | 0 | 1 {
  const text = (value ?? '').trim();
  const digits = cleanDecimal(unsigned(text) ?? '');
  if (!/^\d*\.?\d+$/.test(digits) || /^0*\.?0*$/.test(digits)) return 0;
  return /^(-|\(|\$\s*-)/.test(text) ? -1 : 1;
}

/** The fees of a row: its fees column plus a preset's other fee columns, added exactly. */
function feesOf(values: readonly (string | undefined)[]): string | undefined {
  const given = values.map((value) => unsigned(value)?.trim()).filter((value) => value);
  if (given.length <= 1) return given[0];
  const scale = 10;
  try {
    const total = given.reduce((sum, value) => sum + unitsOf(cleanDecimal(value!), scale), 0n);
    return unitsText(total, scale);
  } catch {
    // Not numbers, or more decimals than can be added: passed on for the schema to name.
    return given.find((value) => !/^\d*\.?\d{0,10}$/.test(cleanDecimal(value!))) ?? given[0];
  }
}

/** "2:1", "2-for-1", "2 for 1" or "2/1": new shares for old ones. */
function splitRatio(value: string): [string, string] | undefined {
  const match = /^\s*(\d+)\s*(?::|\/|-?\s*for\s*-?)\s*(\d+)\s*$/i.exec(value);
  return match ? [match[1]!, match[2]!] : undefined;
}

/**
 * Reads a file into transactions, each row through the same shared schema as the dialog.
 * Row numbers are the spreadsheet's: the header is row 1.
 */
export function readImportFile(request: ParsedImportRequest): ReadFile {
  return runNow(readImportSteps(request));
}

/** `readImportFile` in steps (see steps.ts); each pause tells how many rows are read. */
export function* readImportSteps(request: ParsedImportRequest): Steps<ReadFile> {
  // Read a record at a time, pausing as it goes: a large file does not hold up other requests.
  const records: CsvRow[] = [];
  for (const record of csvRows(request.csv)) {
    records.push(record);
    if (records.length % stepEvery === 0) yield;
  }
  // A broker's export may have a title line or blank lines above its header.
  const headerAt =
    request.format === 'broker'
      ? findHeaderRow(
          records.map((record) => record.cells),
          request.mapping,
        )
      : 0;
  const headerRecord = records[headerAt];
  const data = records.slice(headerAt + 1);
  const headers = (headerRecord?.cells ?? []).map((header) => header.trim());
  const headerRow = headerRecord?.row ?? 1;
  const result: ReadFile = {
    headers,
    rowCount: data.length,
    rows: [],
    errors: [],
    skipped: [],
    splits: [],
  };
  const fail = (row: number, column: string | null, message: string) =>
    result.errors.push({ row, column, message });
  if (headers.length === 0 || data.length === 0) {
    fail(headerRow, null, 'The file has no rows below its header.');
    return result;
  }
  if (data.length > importMaxRows) {
    fail(
      headerRow,
      null,
      `The file has ${data.length} rows; import at most ${importMaxRows} at a time.`,
    );
    return result;
  }
  const locate = headerLocator(headers);
  let toForm: (cells: string[], row: number) => BrokerRowOutcome;
  if (request.format === 'tickerwise') {
    if (!isTemplateHeader(headers)) {
      fail(
        headerRow,
        null,
        'This is not our template: its header needs at least the columns date and type.',
      );
      return result;
    }
    toForm = (cells, row) => templateRow(cells, row, locate, request, fail);
  } else {
    const mapping = request.mapping as BrokerMapping;
    const missing = Object.entries(mapping).filter(
      ([, header]) => header !== undefined && locate(header) < 0,
    );
    for (const [field, header] of missing) {
      fail(headerRow, header ?? null, `The file has no column "${header}" (mapped to ${field}).`);
    }
    if (missing.length > 0) return result;
    const moreFees = presetFeeColumns(request.preset, headers, mapping);
    toForm = (cells, row) => brokerRow(cells, row, mapping, moreFees, locate, request, fail);
  }

  for (const [index, { row, cells }] of data.entries()) {
    if (index % stepEvery === 0) yield index;
    const form = toForm(cells, row);
    if (!form) continue;
    if ('leaveOut' in form) {
      result.skipped.push({ row, reason: form.leaveOut });
      continue;
    }
    if ('split' in form) {
      result.splits.push(form.split);
      continue;
    }
    const parsed = transactionInputSchema.safeParse(form);
    if (parsed.success) {
      result.rows.push({ row, input: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      fail(row, columnOf(request.format, field, request.mapping), issue.message);
    }
  }
  return result;
}

/** A row read: a transaction to check, a row left out, a split to read, or (undefined) an error. */
type BrokerRowOutcome =
  | TransactionForm
  | { leaveOut: string }
  | { split: SplitByShares }
  | undefined;

function headerLocator(headers: readonly string[]) {
  const positions = new Map(headers.map((header, index) => [header.toLowerCase(), index]));
  return (header: string) => positions.get(header.trim().toLowerCase()) ?? -1;
}

type Fail = (row: number, column: string | null, message: string) => void;

function templateRow(
  cells: string[],
  row: number,
  locate: (header: string) => number,
  request: ParsedImportRequest,
  fail: Fail,
): BrokerRowOutcome {
  const cell = (column: TemplateColumn) => {
    const index = locate(column);
    return index >= 0 ? (cells[index] ?? '').trim() : '';
  };
  const typeText = cell('type');
  const kind = kindWords.get(typeText.toLowerCase());
  if (!kind) {
    fail(row, 'type', typeText ? `"${typeText}" is not a transaction type.` : 'The type is empty.');
    return undefined;
  }
  const date = parseImportDate(cell('date'), request.dateOrder);
  if (!date) {
    fail(row, 'date', `"${cell('date')}" is not a date in the chosen order.`);
    return undefined;
  }
  const form: TransactionForm = {
    kind,
    date,
    symbol: cell('symbol'),
    quantity: cell('quantity'),
    price: cell('price'),
    amount: cell('amount'),
    fees: cell('fees'),
    note: cell('note'),
  };
  if (kind === 'split') {
    const ratio = splitRatio(cell('ratio'));
    if (!ratio) {
      fail(row, 'ratio', 'Write the split ratio as new:old shares, e.g. 2:1 or 1:10.');
      return undefined;
    }
    [form.splitTo, form.splitFrom] = ratio;
  }
  return form;
}

/** Action words already read (files repeat a handful of them). */
const actionsRead = new Map<string, ActionMeaning | undefined>();
function actionOf(text: string, preset: BrokerPresetId | undefined): ActionMeaning | undefined {
  const key = `${preset ?? ''}\u0000${text}`;
  if (actionsRead.has(key)) return actionsRead.get(key);
  const meaning = readBrokerAction(text, preset);
  // Bounded: a file of distinct words (Fidelity names the security in each) stays small.
  if (actionsRead.size >= 10_000) actionsRead.clear();
  actionsRead.set(key, meaning);
  return meaning;
}

/**
 * One row of a broker's export. The action words say what it is (`readBrokerAction`); with
 * no action, the sign of the quantity tells a buy (positive) from a sell (negative). Totals
 * and notes under the data, and actions the ledger does not record, are left out with their
 * reason; so are words we do not know when the user chose to leave them out.
 */
function brokerRow(
  cells: string[],
  row: number,
  mapping: BrokerMapping,
  moreFees: readonly string[],
  locate: (header: string) => number,
  request: ParsedImportRequest,
  fail: Fail,
): BrokerRowOutcome {
  const cell = (header: string | undefined) =>
    header === undefined ? undefined : (cells[locate(header)] ?? '').trim();
  const dateText = cell(mapping.date) ?? '';
  const note = noteRowReason(cells, dateText);
  if (note) return { leaveOut: note };
  const sideText = cell(mapping.side) ?? '';
  const quantityText = cell(mapping.quantity);
  const amountText = cell(mapping.amount);
  let meaning = sideText ? actionOf(sideText, request.preset) : undefined;
  if (!sideText) {
    const sign = signOf(quantityText);
    if (sign === 0) {
      fail(
        row,
        mapping.side ?? mapping.quantity,
        mapping.side
          ? 'The action is empty and the quantity has no sign to tell a buy from a sell.'
          : 'The quantity has no sign to tell a buy (positive) from a sell (negative).',
      );
      return undefined;
    }
    meaning = { kind: sign > 0 ? 'buy' : 'sell' };
  }
  if (!meaning) {
    if (request.skipOtherSides) return { leaveOut: `"${sideText}" is not an action we know.` };
    fail(
      row,
      mapping.side ?? null,
      `"${sideText}" is not an action we know: a buy, sell, dividend, split, deposit, withdrawal or fee.`,
    );
    return undefined;
  }
  if ('leaveOut' in meaning) return { leaveOut: `"${sideText}": ${meaning.leaveOut}` };
  const date = parseImportDate(dateText, request.dateOrder);
  if (!date) {
    fail(row, mapping.date, `"${dateText}" is not a date in the chosen order.`);
    return undefined;
  }
  let kind = meaning.kind;
  if (kind === 'cash') {
    // A journal, transfer or wire: money in or out by the amount's sign.
    const sign = signOf(amountText);
    if (sign === 0) {
      if (signOf(quantityText) !== 0) {
        return {
          leaveOut: `"${sideText}": shares moved in or out without a price: add them as a buy at what they cost you.`,
        };
      }
      fail(
        row,
        mapping.amount ?? mapping.side ?? null,
        mapping.amount
          ? `"${sideText}" moves money, but the amount is empty.`
          : `"${sideText}" moves money: map the amount column to read it.`,
      );
      return undefined;
    }
    kind = sign > 0 ? 'deposit' : 'withdrawal';
  }
  const symbol = cell(mapping.symbol);
  if (kind === 'split') {
    const shares = cleanDecimal(unsigned(quantityText) ?? '');
    const sign = signOf(quantityText);
    if (!/^\d*\.?\d+$/.test(shares) || sign === 0) {
      fail(
        row,
        mapping.quantity,
        'A split row needs the shares it added (or removed, for a reverse split).',
      );
      return undefined;
    }
    // The symbol as the schema writes it; the ratio is read once the shares held are known.
    const checked = transactionInputSchema.safeParse({
      kind,
      date,
      symbol,
      splitTo: '2',
      splitFrom: '1',
    });
    if (!checked.success) return { kind, date, symbol, splitTo: '2', splitFrom: '1' };
    return {
      split: {
        row,
        date,
        symbol: checked.data.symbol!,
        shares: sign < 0 ? `-${shares}` : shares,
        note: sideText.slice(0, 500),
      },
    };
  }
  return {
    kind,
    date,
    symbol,
    quantity: unsigned(quantityText),
    price: unsigned(cell(mapping.price)),
    amount: unsigned(amountText),
    fees: feesOf([cell(mapping.fees), ...moreFees.map((header) => cell(header))]),
    note: kind === 'buy' || kind === 'sell' ? undefined : sideText.slice(0, 500),
  };
}

/** The file's column a schema field came from. */
export function columnOf(
  format: ParsedImportRequest['format'],
  field: string,
  mapping: BrokerMapping | undefined,
): string | null {
  if (format === 'tickerwise') {
    if (field === 'splitTo' || field === 'splitFrom') return 'ratio';
    if (field === 'kind') return 'type';
    return field || null;
  }
  const brokerField = field === 'kind' ? 'side' : field;
  return mapping?.[brokerField as keyof BrokerMapping] ?? null;
}
