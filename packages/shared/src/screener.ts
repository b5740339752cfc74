import { z } from 'zod';
import { ratingLabels } from './analysis-labels.ts';
import { dataSourceSchema, type securityTypeSchema } from './company.ts';

/**
 * The screener (`/dashboard/investments/screener`, `GET /api/screener`): every symbol of the
 * universe as one row of figures, filtered, sorted and cut to the columns asked for. A screen
 * is its query string, so a link shares it: `?peRatio=0..25&sector=Financials&sort=-change`.
 */

/** Numeric columns, each filtered with a range `min..max` (either side may be left out). */
export const screenerNumberColumns = [
  'price',
  'change',
  'volume',
  'marketCap',
  'peRatio',
  'pbRatio',
  'psRatio',
  'eps',
  'dividendYieldPercent',
  'payoutRatioPercent',
  'beta',
  'grossMarginPercent',
  'operatingMarginPercent',
  'netMarginPercent',
  'roePercent',
  'revenueGrowthPercent',
  'epsGrowthPercent',
  'revenueGrowth5yPercent',
  'debtToEquity',
  'currentRatio',
  'yearHigh',
  'yearLow',
  'return1w',
  'return1m',
  'return3m',
  'return6m',
  'returnYtd',
  'return1y',
  'volatility30d',
  'maxDrawdown1y',
  'distanceToSma50',
  'distanceToSma200',
  'rsi14',
  'checklistScore',
] as const;
export type ScreenerNumberColumn = (typeof screenerNumberColumns)[number];

/** Columns filtered by a list of allowed values (`sector=Financials,Energy`). */
export const screenerSetColumns = ['type', 'sector', 'rating'] as const;
export type ScreenerSetColumn = (typeof screenerSetColumns)[number];

export const screenerColumns = [
  'symbol',
  'name',
  'industry',
  ...screenerSetColumns,
  ...screenerNumberColumns,
] as const;
export type ScreenerColumn = (typeof screenerColumns)[number];

/** What each column is called on screen, and how its figure reads. */
export const screenerColumnInfo: Record<
  ScreenerColumn,
  { label: string; unit: 'text' | 'usd' | 'percent' | 'ratio' | 'count' | 'bigUsd' }
> = {
  symbol: { label: 'Symbol', unit: 'text' },
  name: { label: 'Name', unit: 'text' },
  industry: { label: 'Industry', unit: 'text' },
  type: { label: 'Type', unit: 'text' },
  sector: { label: 'Sector', unit: 'text' },
  rating: { label: 'Technical rating', unit: 'text' },
  price: { label: 'Price', unit: 'usd' },
  change: { label: 'Change today', unit: 'percent' },
  volume: { label: 'Volume (last session)', unit: 'count' },
  marketCap: { label: 'Market cap', unit: 'bigUsd' },
  peRatio: { label: 'P/E', unit: 'ratio' },
  pbRatio: { label: 'P/B', unit: 'ratio' },
  psRatio: { label: 'P/S', unit: 'ratio' },
  eps: { label: 'EPS', unit: 'usd' },
  dividendYieldPercent: { label: 'Dividend yield', unit: 'percent' },
  payoutRatioPercent: { label: 'Payout ratio', unit: 'percent' },
  beta: { label: 'Beta', unit: 'ratio' },
  grossMarginPercent: { label: 'Gross margin', unit: 'percent' },
  operatingMarginPercent: { label: 'Operating margin', unit: 'percent' },
  netMarginPercent: { label: 'Net margin', unit: 'percent' },
  roePercent: { label: 'Return on equity', unit: 'percent' },
  revenueGrowthPercent: { label: 'Revenue growth', unit: 'percent' },
  epsGrowthPercent: { label: 'EPS growth', unit: 'percent' },
  revenueGrowth5yPercent: { label: 'Revenue growth 5y', unit: 'percent' },
  debtToEquity: { label: 'Debt to equity', unit: 'ratio' },
  currentRatio: { label: 'Current ratio', unit: 'ratio' },
  yearHigh: { label: '52-week high', unit: 'usd' },
  yearLow: { label: '52-week low', unit: 'usd' },
  return1w: { label: 'Return 1W', unit: 'percent' },
  return1m: { label: 'Return 1M', unit: 'percent' },
  return3m: { label: 'Return 3M', unit: 'percent' },
  return6m: { label: 'Return 6M', unit: 'percent' },
  returnYtd: { label: 'Return YTD', unit: 'percent' },
  return1y: { label: 'Return 1Y', unit: 'percent' },
  volatility30d: { label: 'Volatility 30d', unit: 'percent' },
  maxDrawdown1y: { label: 'Max drawdown 1Y', unit: 'percent' },
  distanceToSma50: { label: 'vs SMA 50', unit: 'percent' },
  distanceToSma200: { label: 'vs SMA 200', unit: 'percent' },
  rsi14: { label: 'RSI 14', unit: 'ratio' },
  checklistScore: { label: 'Checklist passed', unit: 'count' },
};

/** The columns a screen shows when it names none. */
export const defaultScreenerColumns: readonly ScreenerColumn[] = [
  'symbol',
  'name',
  'sector',
  'price',
  'change',
  'marketCap',
  'peRatio',
  'return1y',
  'rating',
  'checklistScore',
];

export const screenerMaxLimit = 600;
export const screenerDefaultLimit = 100;

/** One row: the figures of one symbol (null where the source has none). */
export type ScreenerRow = {
  symbol: string;
  name: string;
  industry: string | null;
  type: z.infer<typeof securityTypeSchema>;
  sector: string | null;
  rating: (typeof ratingLabels)[number] | null;
} & Record<ScreenerNumberColumn, number | null>;

export const screenerResponseSchema = z.object({
  /** Rows matching the filters, before `offset` and `limit`. */
  total: z.number().int().nonnegative(),
  /** The universe's size. */
  universe: z.number().int().nonnegative(),
  columns: z.array(z.enum(screenerColumns)),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** Prices: where from, and how late for the viewer's plan. */
  source: dataSourceSchema,
  delayed: z.boolean(),
  delayMinutes: z.number().int().nonnegative(),
  /** The instant the prices stand for. */
  asOf: z.iso.datetime(),
  /** The last trading day whose bars the returns, rating and statistics are read on. */
  closesAsOf: z.iso.date().nullable(),
  /** Symbols whose stored history is not in yet: their figures from bars are null. */
  withoutHistory: z.number().int().nonnegative(),
});
export type ScreenerResponse = z.infer<typeof screenerResponseSchema>;

/** A parsed screen: range filters, set filters, sort and columns. */
export interface ScreenQuery {
  ranges: Partial<Record<ScreenerNumberColumn, { min: number | null; max: number | null }>>;
  sets: Partial<Record<ScreenerSetColumn, string[]>>;
  sort: { column: ScreenerColumn; descending: boolean };
  columns: ScreenerColumn[];
  limit: number;
  offset: number;
}

export type ScreenQueryProblem = { param: string; message: string };

const isNumberColumn = (name: string): name is ScreenerNumberColumn =>
  (screenerNumberColumns as readonly string[]).includes(name);
const isSetColumn = (name: string): name is ScreenerSetColumn =>
  (screenerSetColumns as readonly string[]).includes(name);
const isColumn = (name: string): name is ScreenerColumn =>
  (screenerColumns as readonly string[]).includes(name);

const bound = (text: string): number | null | undefined => {
  if (text === '') return null;
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/**
 * Reads a screen from query parameters (one value each; the last wins when repeated). An
 * unknown parameter, a malformed range or an unknown rating, type or column is a problem.
 */
export function parseScreenQuery(
  query: Record<string, string | string[] | undefined>,
): { ok: true; screen: ScreenQuery } | { ok: false; problem: ScreenQueryProblem } {
  const screen: ScreenQuery = {
    ranges: {},
    sets: {},
    sort: { column: 'marketCap', descending: true },
    columns: [...defaultScreenerColumns],
    limit: screenerDefaultLimit,
    offset: 0,
  };
  const fail = (param: string, message: string) =>
    ({ ok: false, problem: { param, message } }) as const;
  for (const [param, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? (raw.at(-1) ?? '') : raw;
    if (value.length > 500) return fail(param, `${param} is too long.`);
    if (param === 'sort') {
      const descending = value.startsWith('-');
      const column = descending ? value.slice(1) : value;
      if (!isColumn(column)) return fail(param, `There is no column named “${column}” to sort by.`);
      screen.sort = { column, descending };
    } else if (param === 'columns') {
      const names = value.split(',').filter((name) => name !== '');
      const unknown = names.find((name) => !isColumn(name));
      if (unknown !== undefined) return fail(param, `There is no column named “${unknown}”.`);
      if (names.length === 0) return fail(param, 'Choose at least one column.');
      // Every row is named by its symbol, whichever columns are chosen.
      screen.columns = [...new Set(['symbol', ...names] as ScreenerColumn[])];
    } else if (param === 'limit' || param === 'offset') {
      const number = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
      const max = param === 'limit' ? screenerMaxLimit : 100_000;
      if (!(number >= (param === 'limit' ? 1 : 0) && number <= max)) {
        return fail(param, `${param} must be a whole number up to ${max}.`);
      }
      screen[param] = number;
    } else if (isNumberColumn(param)) {
      const parts = value.split('..');
      const [minText, maxText] = parts;
      const min = minText === undefined ? undefined : bound(minText.trim());
      const max = maxText === undefined ? undefined : bound(maxText.trim());
      if (parts.length !== 2 || min === undefined || max === undefined) {
        return fail(param, `${param} takes a range such as 10..25, 10.. or ..25.`);
      }
      if (min !== null && max !== null && min > max) {
        return fail(param, `${param}: the lower bound is above the upper one.`);
      }
      if (min !== null || max !== null) screen.ranges[param] = { min, max };
    } else if (isSetColumn(param)) {
      const values = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      if (values.length === 0) continue;
      const allowed =
        param === 'rating' ? ratingLabels : param === 'type' ? (['stock', 'etf'] as const) : null;
      const wrong =
        allowed && values.find((entry) => !(allowed as readonly string[]).includes(entry));
      if (wrong) return fail(param, `${param} cannot be “${wrong}”: use ${allowed.join(', ')}.`);
      screen.sets[param] = values;
    } else {
      return fail(param, `The screener has no filter named “${param}”.`);
    }
  }
  return { ok: true, screen };
}

/** A saved screen: its name, its filters as a query string, and whether entries alert. */
export const savedScreenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  query: z.string(),
  alertOnEntry: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SavedScreen = z.infer<typeof savedScreenSchema>;

export const savedScreenInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the screen').max(80, 'At most 80 characters'),
  query: z.string().max(2_000, 'The screen is too long'),
  alertOnEntry: z.boolean().default(false),
});
export type SavedScreenInput = z.infer<typeof savedScreenInputSchema>;

export const savedScreenUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the screen').max(80, 'At most 80 characters').optional(),
    query: z.string().max(2_000, 'The screen is too long').optional(),
    alertOnEntry: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });

export const savedScreensResponseSchema = z.object({
  screens: z.array(savedScreenSchema),
  limit: z.number().int().nonnegative(),
});
export type SavedScreensResponse = z.infer<typeof savedScreensResponseSchema>;

/** `GET /api/market/overview`: the market at a glance, each part with source and delay. */
const overviewQuoteSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.number(),
  change: z.number(),
});
export const marketOverviewSchema = z.object({
  indexes: z.array(overviewQuoteSchema),
  gainers: z.array(overviewQuoteSchema),
  losers: z.array(overviewQuoteSchema),
  sectors: z.array(z.object({ sector: z.string(), change: z.number(), symbols: z.number().int() })),
  source: dataSourceSchema,
  delayed: z.boolean(),
  delayMinutes: z.number().int().nonnegative(),
  asOf: z.iso.datetime(),
  /** Symbols whose prices the movers and sectors are read on (those with a price). */
  priced: z.number().int().nonnegative(),
});
export type MarketOverview = z.infer<typeof marketOverviewSchema>;
