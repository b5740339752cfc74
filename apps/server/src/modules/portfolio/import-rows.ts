import {
  type BrokerMapping,
  csvRecords,
  type ImportError,
  importMaxRows,
  isTemplateHeader,
  type ParsedImportRequest,
  parseImportDate,
  type TemplateColumn,
  type TransactionForm,
  type TransactionInput,
  type TransactionKind,
  transactionInputSchema,
  transactionKindLabels,
  transactionKinds,
} from '@tickerwise/shared';
import { runNow, type Steps, stepEvery } from './domain/steps.ts';

/** A row of the file that passed the shared transaction schema. */
export interface ReadRow {
  row: number;
  input: TransactionInput;
}

export interface ReadFile {
  headers: string[];
  rowCount: number;
  rows: ReadRow[];
  errors: ImportError[];
  skipped: number;
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

/** A broker's side column: words that mean a buy or a sell ("YOU BOUGHT", "Sell to close"). */
function brokerSide(value: string): 'buy' | 'sell' | undefined {
  const text = value.trim().toLowerCase();
  if (/^(b|buy)$/.test(text) || /\b(buy|bought|purchase|purchased)\b/.test(text)) return 'buy';
  if (/^(s|sell)$/.test(text) || /\b(sell|sold|sale)\b/.test(text)) return 'sell';
  return undefined;
}

/** A broker number: "(12.50)" and "-12.50" are both 12.50, the side says which way. */
function unsigned(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^-\s*/, '')
    .replace(/^\$-/, '$');
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
  let headerCells: string[] | undefined;
  const data: string[][] = [];
  for (const record of csvRecords(request.csv)) {
    if (headerCells === undefined) headerCells = record;
    else data.push(record);
    if (data.length % stepEvery === 0) yield;
  }
  const headers = (headerCells ?? []).map((header) => header.trim());
  const result: ReadFile = { headers, rowCount: data.length, rows: [], errors: [], skipped: 0 };
  const fail = (row: number, column: string | null, message: string) =>
    result.errors.push({ row, column, message });
  if (headers.length === 0 || data.length === 0) {
    fail(1, null, 'The file has no rows below its header.');
    return result;
  }
  if (data.length > importMaxRows) {
    fail(1, null, `The file has ${data.length} rows; import at most ${importMaxRows} at a time.`);
    return result;
  }
  const locate = headerLocator(headers);
  let toForm: (cells: string[], row: number) => TransactionForm | 'skip' | undefined;
  if (request.format === 'tickerwise') {
    if (!isTemplateHeader(headers)) {
      fail(
        1,
        null,
        'This is not our template: its header needs at least the columns date and type.',
      );
      return result;
    }
    toForm = (cells, row) => templateRow(cells, row, locate, request, fail);
  } else {
    const mapping = request.mapping as BrokerMapping;
    const missing = Object.entries(mapping).filter(([, header]) => locate(header) < 0);
    for (const [field, header] of missing) {
      fail(1, header, `The file has no column "${header}" (mapped to ${field}).`);
    }
    if (missing.length > 0) return result;
    toForm = (cells, row) => brokerRow(cells, row, mapping, locate, request, fail);
  }

  const readRow = (cells: string[], index: number) => {
    const row = index + 2;
    const form = toForm(cells, row);
    if (form === 'skip') {
      result.skipped += 1;
      return;
    }
    if (!form) return;
    const parsed = transactionInputSchema.safeParse(form);
    if (parsed.success) {
      result.rows.push({ row, input: parsed.data });
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      fail(row, columnOf(request.format, field, request.mapping), issue.message);
    }
  };
  for (let index = 0; index < data.length; index += 1) {
    if (index % stepEvery === 0) yield index;
    readRow(data[index]!, index);
  }
  return result;
}

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
): TransactionForm | undefined {
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

function brokerRow(
  cells: string[],
  row: number,
  mapping: BrokerMapping,
  locate: (header: string) => number,
  request: ParsedImportRequest,
  fail: Fail,
): TransactionForm | 'skip' | undefined {
  const cell = (header: string | undefined) =>
    header === undefined ? undefined : (cells[locate(header)] ?? '').trim();
  const sideText = cell(mapping.side) ?? '';
  const side = brokerSide(sideText);
  if (!side) {
    if (request.skipOtherSides) return 'skip';
    fail(
      row,
      mapping.side,
      sideText ? `"${sideText}" is neither a buy nor a sell.` : 'The side is empty.',
    );
    return undefined;
  }
  const dateText = cell(mapping.date) ?? '';
  const date = parseImportDate(dateText, request.dateOrder);
  if (!date) {
    fail(row, mapping.date, `"${dateText}" is not a date in the chosen order.`);
    return undefined;
  }
  return {
    kind: side,
    date,
    symbol: cell(mapping.symbol),
    quantity: unsigned(cell(mapping.quantity)),
    price: unsigned(cell(mapping.price)),
    fees: unsigned(cell(mapping.fees)),
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
