import { z } from 'zod';
import { transactionKindSchema } from './portfolio.ts';

/**
 * CSV import of transactions: our own template (what the export writes), or any broker's
 * export of trades with its columns mapped to date, symbol, side, quantity, price and fees.
 */
export const importFormats = ['tickerwise', 'broker'] as const;
export const importFormatSchema = z.enum(importFormats);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** The template's columns, in the order the export writes them. */
export const templateColumns = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'fees',
  'amount',
  'ratio',
  'note',
] as const;
export type TemplateColumn = (typeof templateColumns)[number];
/** Columns an import in our template cannot do without. */
export const requiredTemplateColumns: readonly TemplateColumn[] = ['date', 'type'];

/** What a broker export's columns are mapped to; fees may be left out. */
export const brokerFields = ['date', 'symbol', 'side', 'quantity', 'price', 'fees'] as const;
export type BrokerField = (typeof brokerFields)[number];
export const brokerFieldLabels: Record<BrokerField, string> = {
  date: 'Date',
  symbol: 'Symbol',
  side: 'Side (buy or sell)',
  quantity: 'Quantity',
  price: 'Price',
  fees: 'Fees',
};

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
  side: headerName,
  quantity: headerName,
  price: headerName,
  fees: headerName.optional(),
});
export type BrokerMapping = z.infer<typeof brokerMappingSchema>;

/** `POST /api/portfolios/:id/imports/preview` and `POST /api/portfolios/:id/imports`. */
export const importRequestSchema = z
  .object({
    csv: z
      .string({ error: 'Choose a CSV file' })
      .min(1, 'The file is empty')
      .max(importMaxBytes, 'The file is larger than 5 MB: split it in parts'),
    format: importFormatSchema,
    mapping: brokerMappingSchema.optional(),
    dateOrder: importDateOrderSchema.default('ymd'),
    /** Broker files: leave out rows whose side is neither a buy nor a sell (interest, transfers). */
    skipOtherSides: z.boolean().default(false),
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

export const importPreviewSchema = z.object({
  /** Data rows in the file (the header not counted). */
  rowCount: z.number().int().nonnegative(),
  /** Rows that will be imported. */
  importable: z.number().int().nonnegative(),
  /** Broker rows left out on purpose (neither buy nor sell). */
  skipped: z.number().int().nonnegative(),
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
    'transaction date',
    'run date',
    'activity date',
    'execution date',
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
  quantity: ['quantity', 'qty', 'shares', 'units', 'no. of shares', 'amount of shares'],
  price: [
    'price',
    'unit price',
    'price per share',
    'execution price',
    'trade price',
    'fill price',
    'price ($)',
  ],
  fees: [
    'fees',
    'fee',
    'commission',
    'commissions',
    'fees & comm',
    'commission and fees',
    'transaction fee',
  ],
};

/** Proposes a mapping from a file's headers; fields with no likely header are left out. */
export function guessBrokerMapping(headers: readonly string[]): Partial<BrokerMapping> {
  const mapping: Partial<BrokerMapping> = {};
  const taken = new Set<string>();
  const normalised = headers.map((header) => header.trim().toLowerCase());
  for (const field of brokerFields) {
    for (const name of brokerHeaderNames[field]) {
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

/** Whether a header row is our template's (its required columns, in any order and case). */
export function isTemplateHeader(headers: readonly string[]): boolean {
  const names = new Set(headers.map((header) => header.trim().toLowerCase()));
  return requiredTemplateColumns.every((column) => names.has(column));
}

/**
 * The date order a column's values must be in: day first when a first number is over 12,
 * month first when a second one is; year first when the values start with a year.
 */
export function guessDateOrder(values: readonly string[]): ImportDateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const parts = value.trim().split(/[/.\-\s T]/);
    if (parts[0]?.length === 4) return 'ymd';
    const [first, second] = parts.map(Number);
    if (first !== undefined && first > 12) dayFirst = true;
    if (second !== undefined && second > 12) monthFirst = true;
  }
  return dayFirst && !monthFirst ? 'dmy' : 'mdy';
}

/**
 * A date in `order` as YYYY-MM-DD, or undefined. A time after the date (2024-03-31 09:30 or
 * 2024-03-31T09:30:00Z) is dropped: the trading day is what counts.
 */
export function parseImportDate(value: string, order: ImportDateOrder): string | undefined {
  const text = value.trim();
  const match =
    order === 'ymd'
      ? /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(text)
      : /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:[T\s].*)?$/.exec(text);
  if (!match) return undefined;
  let [year, month, day] =
    order === 'ymd'
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
