import { z } from 'zod';
import { transactionKindSchema } from './portfolio.ts';
import { requiredTemplateColumns } from './template-columns.ts';
import type { TransactionKind } from './transaction-kinds.ts';

/**
 * CSV import of transactions: our own template (what the export writes), or any broker's
 * export with its columns mapped to date, symbol, action, quantity, price, amount and fees
 * (a preset maps the exports of the brokers we know).
 */
export const importFormats = ['tickerwise', 'broker'] as const;
export const importFormatSchema = z.enum(importFormats);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/**
 * What a broker export's columns are mapped to. The action may be left out (the sign of the
 * quantity then tells a buy from a sell), and so may the amount (dividends and cash) and fees.
 */
export const brokerFields = [
  'date',
  'symbol',
  'side',
  'quantity',
  'price',
  'amount',
  'fees',
] as const;
export type BrokerField = (typeof brokerFields)[number];
export const brokerFieldLabels: Record<BrokerField, string> = {
  date: 'Date',
  symbol: 'Symbol',
  side: 'Action (buy, sell, dividend...)',
  quantity: 'Quantity',
  price: 'Price',
  amount: 'Amount',
  fees: 'Fees',
};
/** Broker fields a file can do without. */
export const optionalBrokerFields: readonly BrokerField[] = ['side', 'amount', 'fees'];

/** How dates are written: 2024-03-31, 03/31/2024 or 31/03/2024 (also with - or .). */
export const importDateOrders = ['ymd', 'mdy', 'dmy'] as const;
export const importDateOrderSchema = z.enum(importDateOrders);
export type ImportDateOrder = z.infer<typeof importDateOrderSchema>;
export const importDateOrderLabels: Record<ImportDateOrder, string> = {
  ymd: 'Year-month-day (2024-03-31)',
  mdy: 'Month/day/year (03/31/2024)',
  dmy: 'Day/month/year (31/03/2024)',
};

/** Largest file accepted: 5 MB holds well over 50,000 rows. */
export const importMaxBytes = 5 * 1024 * 1024;
export const importMaxRows = 50_000;

const headerName = z.string().trim().min(1).max(200);

/** Which header of the file each broker field is in. */
export const brokerMappingSchema = z.object({
  date: headerName,
  symbol: headerName,
  side: headerName.optional(),
  quantity: headerName,
  price: headerName,
  amount: headerName.optional(),
  fees: headerName.optional(),
});
export type BrokerMapping = z.infer<typeof brokerMappingSchema>;

/** The brokers whose exports have a preset: their columns, date order and action words. */
export const brokerPresetIds = ['schwab', 'trading212', 'ibkr', 'fidelity'] as const;
export const brokerPresetSchema = z.enum(brokerPresetIds);
export type BrokerPresetId = z.infer<typeof brokerPresetSchema>;

/** `POST /api/portfolios/:id/imports/preview` and `POST /api/portfolios/:id/imports`. */
export const importRequestSchema = z
  .object({
    csv: z
      .string({ error: 'Choose a CSV file' })
      .min(1, 'The file is empty')
      .max(importMaxBytes, 'The file is larger than 5 MB: split it in parts'),
    format: importFormatSchema,
    mapping: brokerMappingSchema.optional(),
    /** Broker files: the broker the file is from, for its action words and fee columns. */
    preset: brokerPresetSchema.optional(),
    dateOrder: importDateOrderSchema.default('ymd'),
    /** Broker files: leave out rows whose action is not one we know (each is listed). */
    skipOtherSides: z.boolean().default(false),
    /** Leave out the rows of symbols we have no market data for (each is listed). */
    leaveOutUncovered: z.boolean().default(false),
  })
  .refine((request) => request.format !== 'broker' || request.mapping, {
    path: ['mapping'],
    message: 'Map the columns of the file first',
  });
export type ImportRequest = z.input<typeof importRequestSchema>;
export type ParsedImportRequest = z.output<typeof importRequestSchema>;

/** One problem of a file: its row as a spreadsheet numbers it (the header is row 1). */
export const importErrorSchema = z.object({
  row: z.number().int().positive(),
  /** The column at fault, when one is. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** A row as it will be imported. */
export const importRowSchema = z.object({
  row: z.number().int().positive(),
  kind: transactionKindSchema,
  date: z.string(),
  symbol: z.string().nullable(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  amount: z.string().nullable(),
  fees: z.string(),
  ratio: z.string().nullable(),
  note: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** How many rows the preview shows, and how many errors it lists at most. */
export const importPreviewRows = 20;
export const importErrorsListed = 200;

/** A row of the file that will not be imported, and why. */
export const skippedRowSchema = z.object({
  row: z.number().int().positive(),
  reason: z.string(),
});
export type SkippedRow = z.infer<typeof skippedRowSchema>;

/** A symbol of the file we have no market data for, and how many rows name it. */
export const notCoveredSymbolSchema = z.object({
  symbol: z.string(),
  rows: z.number().int().positive(),
});
export type NotCoveredSymbol = z.infer<typeof notCoveredSymbolSchema>;

export const importPreviewSchema = z.object({
  /** Data rows in the file (the header not counted). */
  rowCount: z.number().int().nonnegative(),
  /** Rows that will be imported. */
  importable: z.number().int().nonnegative(),
  /** Rows left out (notes and totals, actions the ledger does not record, symbols left out). */
  skipped: z.number().int().nonnegative(),
  /** Every row left out with its reason (the first `importErrorsListed`). */
  skippedRows: z.array(skippedRowSchema),
  /** Symbols we have no market data for: errors, or left out when the user accepts it. */
  notCovered: z.array(notCoveredSymbolSchema),
  /** The file can be imported as it is: no errors. */
  valid: z.boolean(),
  /** The first rows, as they will be imported. */
  rows: z.array(importRowSchema),
  errors: z.array(importErrorSchema),
  /** All errors, when more than the listed ones. */
  errorCount: z.number().int().nonnegative(),
  headers: z.array(z.string()),
  /** The first and last date of the rows. */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `POST /api/portfolios/:id/imports`: 201 once every row is stored. */
export const importResultSchema = z.object({
  imported: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** What brokers call each field, lower case; the first header that matches is proposed. */
const brokerHeaderNames: Record<BrokerField, readonly string[]> = {
  date: [
    'date',
    'trade date',
    'tradedate',
    'transaction date',
    'run date',
    'activity date',
    'execution date',
    'date/time',
    'settlement date',
    'time',
  ],
  symbol: ['symbol', 'ticker', 'ticker symbol', 'instrument', 'security', 'stock'],
  side: [
    'side',
    'action',
    'buy/sell',
    'transaction type',
    'type',
    'activity',
    'trans code',
    'description',
  ],
  quantity: [
    'quantity',
    'qty',
    'shares',
    'units',
    'no. of shares',
    'amount of shares',
    'quantity (shares)',
  ],
  price: [
    'price',
    'unit price',
    'price per share',
    'price / share',
    'execution price',
    'trade price',
    'tradeprice',
    't. price',
    'fill price',
    'price ($)',
  ],
  amount: ['amount', 'amount ($)', 'net amount', 'netcash', 'total', 'net cash', 'value'],
  fees: [
    'fees',
    'fee',
    'commission',
    'commission ($)',
    'commissions',
    'ibcommission',
    'comm/fee',
    'comm in usd',
    'fees & comm',
    'fees ($)',
    'commission and fees',
    'transaction fee',
  ],
};

const lower = (text: string) => text.trim().toLowerCase();

/** Proposes a mapping from a file's headers; fields with no likely header are left out. */
export function guessBrokerMapping(headers: readonly string[]): Partial<BrokerMapping> {
  return mappingFrom(headers, brokerHeaderNames);
}

function mappingFrom(
  headers: readonly string[],
  names: Partial<Record<BrokerField, readonly string[]>>,
): Partial<BrokerMapping> {
  const mapping: Partial<BrokerMapping> = {};
  const taken = new Set<string>();
  const normalised = headers.map(lower);
  for (const field of brokerFields) {
    for (const name of names[field] ?? []) {
      const index = normalised.findIndex(
        (header, position) => header === name && !taken.has(headers[position]!),
      );
      if (index >= 0) {
        mapping[field] = headers[index]!;
        taken.add(headers[index]!);
        break;
      }
    }
  }
  return mapping;
}

/** What an action word of a broker's file means for the ledger. */
export type ActionMeaning =
  /** One of our kinds. */
  | { kind: TransactionKind }
  /** Money moved in or out (a journal, a transfer): the amount's sign tells which. */
  | { kind: 'cash' }
  /** Not a transaction the ledger records: the row is left out, with this reason. */
  | { leaveOut: string };

type ActionRule = readonly [RegExp, ActionMeaning];

/**
 * The action words of major US brokers. An action may come with more words, as Fidelity's
 * "YOU BOUGHT APPLE INC (AAPL) (Cash)" or "DIVIDEND RECEIVED BEST BUY CO INC (BBY)": the words
 * that come first in the text decide, then the order here. Reinvested dividends are a
 * dividend and then a buy of shares with it; a split adds shares.
 */
const commonActions: readonly ActionRule[] = [
  [/\b(stock|forward|reverse) split\b|^split\b/, { kind: 'split' }],
  [
    /\breinvest(ed)? (dividend|div)\b|\b(div|dividend) reinvest|\bpr yr div reinvest\b|\bqual div reinvest\b/,
    { kind: 'dividend' },
  ],
  [/\breinvest(ed|ment)?\b/, { kind: 'buy' }],
  [/^b$|\b(buy|bought|purchased?|buy to (open|cover))\b/, { kind: 'buy' }],
  [/^s$|\b(sell|sold|sale|sell short|sell to close)\b/, { kind: 'sell' }],
  [
    /\b(dividends?|div|cap(ital)? gains?( distribution)?|long[- ]term cap gain|short[- ]term cap gain)\b/,
    { kind: 'dividend' },
  ],
  [/\binterest\b/, { leaveOut: 'Interest is not a kind of transaction the ledger records.' }],
  [/\b(foreign tax|nra tax|tax withh?eld|withholding( tax)?|tax paid)\b/, { kind: 'fee' }],
  [/\b(fees?|charge|commission)\b/, { kind: 'fee' }],
  [
    /\b(deposit(ed)?|contributions?|funds received|wire (funds )?received|electronic funds transfer received|transfer received|eft received|incoming wire|cash in)\b/,
    { kind: 'deposit' },
  ],
  [
    /\b(withdrawal|withdrawn|withdraw|funds paid|wire (funds )?(sent|disbursed)|electronic funds transfer paid|transfer paid|eft paid|outgoing wire|disbursement|cash out)\b/,
    { kind: 'withdrawal' },
  ],
];

/** Words read only when none above is in the text: moves of shares, and of money by sign. */
const fallbackActions: readonly ActionRule[] = [
  [
    /\b(security transfer|journaled shares|transfer of (assets|securities)|acat|shares (in|out))\b/,
    {
      leaveOut: 'Shares moved in or out without a price: add them as a buy at what they cost you.',
    },
  ],
  [/\b(journal(ed)?|jnl|transfer(red)?|moneylink|wire|ach|eft|funds)\b/, { kind: 'cash' }],
];

/** The rule whose words come first in the text (the earlier rule on a tie). */
function firstMatch(rules: readonly ActionRule[], words: string): ActionMeaning | undefined {
  let best: { at: number; meaning: ActionMeaning } | undefined;
  for (const [pattern, meaning] of rules) {
    const at = pattern.exec(words)?.index;
    if (at !== undefined && (best === undefined || at < best.at)) best = { at, meaning };
  }
  return best?.meaning;
}

/**
 * What a broker's action words mean (the broker's own words first when a preset is given),
 * or undefined for words we do not know.
 */
export function readBrokerAction(text: string, preset?: BrokerPresetId): ActionMeaning | undefined {
  const words = lower(text).replace(/\s+/g, ' ');
  if (!words) return undefined;
  return (
    firstMatch(preset ? (brokerPresets[preset].actions ?? []) : [], words) ??
    firstMatch(commonActions, words) ??
    firstMatch(fallbackActions, words)
  );
}

/** A broker's export as we know it. */
export interface BrokerPreset {
  id: BrokerPresetId;
  label: string;
  /** Headers that tell the broker's file from others (all present, any case). */
  signature: readonly string[];
  /** Each field's header in the broker's exports, the first present one is used. */
  columns: Partial<Record<BrokerField, readonly string[]>>;
  /** More fee columns added to the fees column's (Fidelity's fees besides its commission). */
  moreFees?: readonly string[];
  dateOrder: ImportDateOrder;
  /** The broker's own action words, tried before the common ones. */
  actions?: readonly ActionRule[];
}

export const brokerPresets: Record<BrokerPresetId, BrokerPreset> = {
  schwab: {
    id: 'schwab',
    label: 'Charles Schwab',
    signature: ['Date', 'Action', 'Symbol', 'Description', 'Quantity', 'Fees & Comm', 'Amount'],
    columns: {
      date: ['Date'],
      symbol: ['Symbol'],
      side: ['Action'],
      quantity: ['Quantity'],
      price: ['Price'],
      amount: ['Amount'],
      fees: ['Fees & Comm'],
    },
    dateOrder: 'mdy',
    actions: [
      [/^cash in lieu\b/, { leaveOut: 'Cash paid for a fraction of a share is not recorded.' }],
      [
        /^(bank|credit|margin) interest\b|^bond interest\b/,
        { leaveOut: 'Interest is not a kind of transaction the ledger records.' },
      ],
    ],
  },
  trading212: {
    id: 'trading212',
    label: 'Trading 212',
    signature: ['Action', 'Time', 'Ticker', 'No. of shares', 'Price / share', 'Total'],
    columns: {
      date: ['Time'],
      symbol: ['Ticker'],
      side: ['Action'],
      quantity: ['No. of shares'],
      price: ['Price / share'],
      amount: ['Total'],
      fees: ['Currency conversion fee', 'Transaction fee', 'Finra fee'],
    },
    moreFees: ['Finra fee', 'Stamp duty reserve tax', 'French transaction tax'],
    dateOrder: 'ymd',
    actions: [
      [/^currency conversion$/, { leaveOut: 'A currency conversion moves no money in or out.' }],
    ],
  },
  ibkr: {
    id: 'ibkr',
    label: 'Interactive Brokers',
    signature: ['Symbol', 'TradeDate', 'Quantity', 'TradePrice'],
    columns: {
      date: ['TradeDate', 'Date/Time', 'Date'],
      symbol: ['Symbol'],
      side: ['Buy/Sell'],
      quantity: ['Quantity'],
      price: ['TradePrice', 'T. Price', 'Price'],
      amount: ['NetCash', 'Net Amount'],
      fees: ['IBCommission', 'Commission', 'Commission ($)', 'Comm/Fee'],
    },
    dateOrder: 'ymd',
  },
  fidelity: {
    id: 'fidelity',
    label: 'Fidelity',
    signature: ['Run Date', 'Action', 'Symbol', 'Quantity', 'Price ($)', 'Amount ($)'],
    columns: {
      date: ['Run Date'],
      symbol: ['Symbol'],
      side: ['Action'],
      quantity: ['Quantity'],
      price: ['Price ($)'],
      amount: ['Amount ($)'],
      fees: ['Commission ($)', 'Fees ($)'],
    },
    moreFees: ['Fees ($)'],
    dateOrder: 'mdy',
  },
};

/** The broker whose export has these headers, if we know it. */
export function detectBrokerPreset(headers: readonly string[]): BrokerPresetId | undefined {
  const names = new Set(headers.map(lower));
  return brokerPresetIds.find((id) =>
    brokerPresets[id].signature.every((header) => names.has(lower(header))),
  );
}

/** The mapping a preset gives a file's headers (columns the file lacks are left out). */
export function presetMapping(
  preset: BrokerPresetId,
  headers: readonly string[],
): Partial<BrokerMapping> {
  const columns = Object.fromEntries(
    Object.entries(brokerPresets[preset].columns).map(([field, names]) => [
      field,
      (names ?? []).map(lower),
    ]),
  );
  return mappingFrom(headers, columns);
}

/** The preset's extra fee columns present in the file, not already the fees column. */
export function presetFeeColumns(
  preset: BrokerPresetId | undefined,
  headers: readonly string[],
  mapping: Partial<BrokerMapping>,
): string[] {
  if (!preset) return [];
  const wanted = new Set((brokerPresets[preset].moreFees ?? []).map(lower));
  return headers.filter(
    (header) => wanted.has(lower(header)) && lower(header) !== lower(mapping.fees ?? ''),
  );
}

/** Whether a header row is our template's (its required columns, in any order and case). */
export function isTemplateHeader(headers: readonly string[]): boolean {
  const names = new Set(headers.map(lower));
  return requiredTemplateColumns.every((column) => names.has(column));
}

/** Lines a file may have above its header (a title, blank lines) that we look past. */
const headerSearchRows = 20;

/**
 * Which of a file's first rows is its header: the first with every mapped column (when a
 * mapping is given), else our template's or the first where a broker's columns are found.
 * Brokers put a title line (Schwab) or blank lines (Fidelity) above it.
 */
export function findHeaderRow(
  rows: readonly (readonly string[])[],
  mapping?: Partial<BrokerMapping>,
): number {
  const wanted = mapping
    ? Object.values(mapping)
        .filter(Boolean)
        .map((name) => lower(name!))
    : [];
  const limit = Math.min(rows.length, headerSearchRows);
  for (let index = 0; index < limit; index += 1) {
    const cells = rows[index]!.map((cell) => cell.trim());
    if (wanted.length > 0) {
      const names = new Set(cells.map(lower));
      if (wanted.every((name) => names.has(name))) return index;
      continue;
    }
    if (isTemplateHeader(cells) || detectBrokerPreset(cells)) return index;
    if (Object.keys(guessBrokerMapping(cells)).length >= 3) return index;
  }
  return 0;
}

/**
 * Why a row that is no transaction is left out: a total line or a line of notes under the
 * data (brokers end their exports with both), or undefined for a row to read. Only a row
 * whose date is no date at all can be one.
 */
export function noteRowReason(cells: readonly string[], dateText: string): string | undefined {
  if (looksLikeDate(dateText)) return undefined;
  const filled = cells.filter((cell) => cell.trim() !== '');
  // "Transactions Total" in Schwab's date column, "Total" in the second of other exports.
  if (filled.slice(0, 2).some((cell) => /(^|\s)(sub)?totals?(:|\s|$)/i.test(cell.trim()))) {
    return 'A total line, not a transaction.';
  }
  if (filled.length <= 1) return 'A line of notes, not a transaction.';
  return undefined;
}

/** Written as a date any way we read (YYYY-MM-DD, YYYYMMDD, day or month first), maybe followed by a time. */
const dateShape =
  /^(\d{8}|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.](\d{4}|\d{2}))(?:[T\s,;]|$)/;

function looksLikeDate(value: string): boolean {
  return dateShape.test(value.trim());
}

/**
 * The date order a column's values must be in: day first when a first number is over 12,
 * month first when a second one is; year first when the values start with a year. Only
 * values that are dates count (not a "Total" line or a note under the data).
 */
export function guessDateOrder(values: readonly string[]): ImportDateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    if (!looksLikeDate(value)) continue;
    const parts = value.trim().split(/[/.\-\s T,;]/);
    if (parts[0]?.length === 4 || parts[0]?.length === 8) return 'ymd';
    const [first, second] = parts.map(Number);
    if (first !== undefined && first > 12) dayFirst = true;
    if (second !== undefined && second > 12) monthFirst = true;
  }
  return dayFirst && !monthFirst ? 'dmy' : 'mdy';
}

/**
 * A date in `order` as YYYY-MM-DD, or undefined. A compact YYYYMMDD (Interactive Brokers) is
 * read in any order. A time or a note after the date (2024-03-31 09:30, 2024-03-31T09:30:00Z,
 * "2023-04-03, 10:15:22", "20230403;101522", Schwab's "03/01/2024 as of 02/29/2024") is
 * dropped: the trading day is what counts.
 */
export function parseImportDate(value: string, order: ImportDateOrder): string | undefined {
  const text = value.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})(?:[T\s,;].*)?$/.exec(text);
  const match =
    compact ??
    (order === 'ymd'
      ? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s,;].*)?$/.exec(text)
      : /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:[T\s,;].*)?$/.exec(text));
  if (!match) return undefined;
  let [year, month, day] =
    compact || order === 'ymd'
      ? [match[1]!, match[2]!, match[3]!]
      : order === 'mdy'
        ? [match[3]!, match[1]!, match[2]!]
        : [match[3]!, match[2]!, match[1]!];
  if (year.length === 2) year = `${Number(year) >= 70 ? 19 : 20}${year}`;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date)
    ? date
    : undefined;
}
