import { z } from 'zod';
import { tickerInputSchema } from './market.ts';
import { sharedWithTeamSchema } from './teams.ts';
import { type TransactionKind, transactionKinds } from './transaction-kinds.ts';

export const transactionKindSchema = z.enum(transactionKinds);

/** Kinds about one security: they need a symbol. */
export const symbolKinds: readonly TransactionKind[] = ['buy', 'sell', 'dividend', 'split'];
/** Kinds with a share count and a price per share. */
export const tradeKinds: readonly TransactionKind[] = ['buy', 'sell'];
/** Kinds with one cash amount. */
export const amountKinds: readonly TransactionKind[] = ['dividend', 'deposit', 'withdrawal', 'fee'];

/**
 * How many digits the ledger keeps: shares to 8 decimals (fractional shares), prices per
 * share to 6, cash amounts and fees to 4. The database columns have the same scales, so what
 * is accepted is stored exactly.
 */
export const portfolioDigits = {
  quantity: { whole: 12, fraction: 8 },
  price: { whole: 10, fraction: 6 },
  money: { whole: 12, fraction: 4 },
} as const;

/** How far back a transaction may be dated. */
export const earliestTransactionDate = '1970-01-01';

/**
 * The latest calendar date anywhere on Earth (UTC+14): a transaction dated today in the
 * user's time zone is never refused as "in the future".
 */
export function latestTodayAnywhere(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

function decimalPattern({ whole, fraction }: { whole: number; fraction: number }) {
  return new RegExp(`^\\d{1,${whole}}(\\.\\d{1,${fraction}})?$`);
}

/**
 * Removes what people type around a number: spaces, a dollar sign, thousands separators
 * ("1,250.5"; a lone comma as in "1,5" is left, so it is refused rather than misread), a
 * leading or trailing dot (".5", "5.").
 */
export function cleanDecimal(value: string): string {
  let text = value.trim().replace(/[\s$]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replace(/,/g, '');
  if (text.startsWith('.')) text = `0${text}`;
  if (text.endsWith('.')) text = text.slice(0, -1);
  return text;
}

const isZero = (value: string) => /^0*(\.0*)?$/.test(value);

/**
 * Drops zeros after the last significant decimal ("0.0290530000" is 0.029053): exports write
 * numbers to a fixed width, and trailing zeros are not decimals the ledger would lose.
 */
const withoutTrailingZeros = (value: string) =>
  /^\d*\.\d*$/.test(value) ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

/** A plain decimal text within the ledger's digits; `label` names it in messages. */
function decimalText(
  label: string,
  digits: { whole: number; fraction: number },
  { positive }: { positive: boolean },
) {
  const pattern = decimalPattern(digits);
  return z
    .string({ error: `Enter the ${label}` })
    .transform((value) => withoutTrailingZeros(cleanDecimal(value)))
    .superRefine((value, context) => {
      const message = (text: string) => context.addIssue({ code: 'custom', message: text });
      if (value === '') return message(`Enter the ${label}`);
      if (value.startsWith('-')) {
        return message(`The ${label} must be ${positive ? 'more than 0' : '0 or more'}`);
      }
      if (!/^\d*\.?\d*$/.test(value)) return message(`The ${label} must be a number`);
      if (!pattern.test(value)) {
        const [whole = '', fraction = ''] = value.split('.');
        if (fraction.length > digits.fraction) {
          return message(`The ${label} can have at most ${digits.fraction} decimals`);
        }
        if (whole.length > digits.whole) return message(`The ${label} is too large`);
        return message(`The ${label} must be a number`);
      }
      if (positive && isZero(value)) message(`The ${label} must be more than 0`);
    });
}

export const quantityText = decimalText('quantity', portfolioDigits.quantity, { positive: true });
export const priceText = decimalText('price', portfolioDigits.price, { positive: true });
export const amountText = decimalText('amount', portfolioDigits.money, { positive: true });
export const feesText = decimalText('fees', portfolioDigits.money, { positive: false });

/**
 * A split's ratio stays within 1 for 1,000 (reverse) and 1,000 for 1, and all the splits of
 * one holding multiplied together within 1,000,000,000 new shares (or old ones) on either side
 * (docs/PRODUCT.md 3.18): share counts keep a bounded number of digits.
 */
export const splitRatioMax = 1000;
export const splitFactorMax = 1_000_000_000;

const splitPart = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .regex(/^[1-9]\d{0,5}$/, `The ${label} must be a whole number from 1 to 999999`);

/** A ticker as users type it (any case, BRK-B or BRK.B). */
const transactionSymbolSchema = tickerInputSchema('Enter the symbol');

export const transactionDateSchema = z
  .string({ error: 'Enter the date' })
  .trim()
  .min(1, 'Enter the date')
  .pipe(z.iso.date('Enter the date as YYYY-MM-DD'))
  .refine((date) => date >= earliestTransactionDate, 'The date must be 1970 or later')
  .refine((date) => date <= latestTodayAnywhere(), 'The date cannot be in the future');

const noteSchema = z.string().trim().max(500, 'The note can be at most 500 characters');

/**
 * A transaction as the add/edit dialog, the CSV import and `POST`/`PUT` send it. Every
 * number is text, exactly as typed (thousands separators and "$" are dropped), so nothing
 * passes through binary floating point. Fields a kind does not use are ignored:
 * - buy, sell: symbol, quantity (shares), price (per share), fees
 * - dividend: symbol, amount (cash received before tax), fees (tax withheld)
 * - split: symbol, splitTo new shares for every splitFrom held (2 for 1; 1 for 10 reverse)
 * - deposit, withdrawal, fee: amount
 */
export const transactionInputSchema = z
  .object({
    kind: transactionKindSchema,
    date: z.string({ error: 'Enter the date' }),
    symbol: z.string().optional(),
    quantity: z.string().optional(),
    price: z.string().optional(),
    amount: z.string().optional(),
    fees: z.string().optional(),
    splitTo: z.string().optional(),
    splitFrom: z.string().optional(),
    note: z.string().optional(),
  })
  .transform((input, context) => {
    const issues: [string, string][] = [];
    const take = <T>(field: string, schema: z.ZodType<T>, value: unknown): T | undefined => {
      const parsed = schema.safeParse(value ?? '');
      if (parsed.success) return parsed.data;
      issues.push([field, parsed.error.issues[0]?.message ?? `Check the ${field}`]);
      return undefined;
    };
    const { kind } = input;
    const date = take('date', transactionDateSchema, input.date);
    const symbol = symbolKinds.includes(kind)
      ? take('symbol', transactionSymbolSchema, input.symbol)
      : undefined;
    const trade = tradeKinds.includes(kind);
    const quantity = trade ? take('quantity', quantityText, input.quantity) : undefined;
    const price = trade ? take('price', priceText, input.price) : undefined;
    const amount = amountKinds.includes(kind)
      ? take('amount', amountText, input.amount)
      : undefined;
    const usesFees = trade || kind === 'dividend';
    const fees = usesFees ? take('fees', feesText, input.fees?.trim() ? input.fees : '0') : '0';
    let splitTo: string | undefined;
    let splitFrom: string | undefined;
    if (kind === 'split') {
      splitTo = take('splitTo', splitPart('new share count'), input.splitTo);
      splitFrom = take('splitFrom', splitPart('old share count'), input.splitFrom);
      if (splitTo && splitFrom && Number(splitTo) === Number(splitFrom)) {
        issues.push(['splitTo', 'A split changes the share count: the two numbers must differ']);
      } else if (
        splitTo &&
        splitFrom &&
        (Number(splitTo) > Number(splitFrom) * splitRatioMax ||
          Number(splitFrom) > Number(splitTo) * splitRatioMax)
      ) {
        issues.push([
          'splitTo',
          `A split gives from 1 new share for every ${splitRatioMax} to ${splitRatioMax} for 1: check the two numbers`,
        ]);
      }
    }
    const note = take('note', noteSchema, input.note ?? '');
    if (issues.length > 0) {
      for (const [field, message] of issues) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
      return z.NEVER;
    }
    return {
      kind,
      date: date as string,
      symbol: symbol ?? null,
      quantity: quantity ?? null,
      price: price ?? null,
      amount: amount ?? null,
      fees: fees ?? '0',
      splitTo: splitTo ? Number(splitTo) : null,
      splitFrom: splitFrom ? Number(splitFrom) : null,
      note: note ? note : null,
    };
  });
/** What the dialog holds: every field as text. */
export type TransactionForm = z.input<typeof transactionInputSchema>;
/** A transaction after validation, as the server stores it. */
export type TransactionInput = z.output<typeof transactionInputSchema>;

/** A stored transaction, as the API sends it; numbers are exact decimal text. */
export const transactionSchema = z.object({
  id: z.string(),
  portfolioId: z.string(),
  kind: transactionKindSchema,
  date: z.iso.date(),
  symbol: z.string().nullable(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  amount: z.string().nullable(),
  fees: z.string(),
  splitTo: z.number().int().nullable(),
  splitFrom: z.number().int().nullable(),
  note: z.string().nullable(),
  /** Cash the transaction moved: negative for a buy, a fee or a withdrawal; 0 for a split. */
  cashEffect: z.string(),
  createdAt: z.iso.datetime(),
  /**
   * The name of the member who entered it, shown in a team's portfolio (docs/PRODUCT.md
   * §3.26); null when not known (entered before this was kept, or the account is gone).
   */
  enteredBy: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const portfolioNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(60, 'The name can be at most 60 characters');

/** `POST /api/portfolios`, `PATCH /api/portfolios/:id` */
export const portfolioInputSchema = z.object({ name: portfolioNameSchema });
export type PortfolioInput = z.infer<typeof portfolioInputSchema>;

/**
 * A user's own portfolio (`real`), or their one practice portfolio: started with
 * `practiceCash` of practice cash, resettable, and never in the Portfolio Value or the plan's
 * portfolio limits.
 */
export const portfolioKinds = ['real', 'practice'] as const;
export type PortfolioKind = (typeof portfolioKinds)[number];

/** The practice portfolio's name, and the cash it starts (and restarts) with. */
export const practicePortfolioName = 'Practice';
export const practiceCash = '100000';

/** How a portfolio is named wherever it appears: the practice one is always "Practice". */
export function portfolioLabel(portfolio: { name: string; kind: PortfolioKind }): string {
  return portfolio.kind === 'practice' ? practicePortfolioName : portfolio.name;
}

export const portfolioSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(portfolioKinds),
  createdAt: z.iso.datetime(),
  transactionCount: z.number().int().nonnegative(),
  /** Null for a personal portfolio; how the user's team shares it otherwise (§3.26). */
  shared: sharedWithTeamSchema.nullable(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** `POST /api/portfolios`, `GET|PATCH /api/portfolios/:id` */
export const portfolioResponseSchema = z.object({ portfolio: portfolioSchema });

/** `GET /api/portfolios`: the user's portfolios, and how many their plan allows. */
export const portfolioListSchema = z.object({
  portfolios: z.array(portfolioSchema),
  allowed: z.number().int().nonnegative(),
});
export type PortfolioList = z.infer<typeof portfolioListSchema>;

/** `GET /api/portfolios/:id/transactions?before=&limit=`: newest first, a page at a time. */
export const transactionPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** The `next` cursor of the previous page. */
  before: z.string().max(200).optional(),
});
export type TransactionPageQuery = z.infer<typeof transactionPageQuerySchema>;

export const transactionPageSchema = z.object({
  transactions: z.array(transactionSchema),
  /** Cursor of the next (older) page; null on the last page. */
  next: z.string().nullable(),
  total: z.number().int().nonnegative(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** `POST|PUT .../transactions`: the stored transaction. */
export const transactionResponseSchema = z.object({ transaction: transactionSchema });
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

/** The ranges of the performance chart; 1M is the default. */
export const performanceRanges = ['1m', '3m', 'ytd', '1y', 'all'] as const;
export const performanceRangeSchema = z.enum(performanceRanges);
export type PerformanceRange = z.infer<typeof performanceRangeSchema>;
export const performanceRangeLabels: Record<PerformanceRange, string> = {
  '1m': '1M',
  '3m': '3M',
  ytd: 'YTD',
  '1y': '1Y',
  all: 'All',
};

/** Where the prices behind figures came from. */
export const priceSourceSchema = z.object({
  /** A market data source (`simulated` is never real market data), or `trade`: no price could be had, the last trade's is used. */
  source: z.string(),
  /** When the price was taken (ISO 8601); null for a trade price. */
  asOf: z.string().nullable(),
  /** The source could not be reached: this is the last price it gave. */
  delayed: z.boolean(),
});
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** Money as exact decimal text rounded to the cent ("1234.57"), negative for losses. */
const money = z.string();
/** A ratio as a number: 0.1234 is 12.34 %. */
const ratio = z.number();

export const holdingSchema = z.object({
  symbol: z.string(),
  name: z.string().nullable(),
  type: z.enum(['stock', 'etf']).nullable(),
  sector: z.string().nullable(),
  /** Shares held, exact. */
  quantity: z.string(),
  averageCost: money,
  costBasis: money,
  price: money,
  previousClose: money.nullable(),
  marketValue: money,
  dayChange: money.nullable(),
  dayChangeRatio: ratio.nullable(),
  unrealisedGain: money,
  unrealisedGainRatio: ratio.nullable(),
  realisedGain: money,
  dividends: money,
  fees: money,
  /** Share of the portfolio's total value (cash included). */
  weight: ratio,
  priceSource: priceSourceSchema,
  /**
   * The value today's change is measured from: the shares held before today's trades at the
   * previous close, plus today's buys less today's sells (so a holding bought today gains from
   * its buy price); `marketValue - dayBase` is `dayChange`. Null when the day change is not known.
   */
  dayBase: money.nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const closedPositionSchema = z.object({
  symbol: z.string(),
  realisedGain: money,
  dividends: money,
  fees: money,
});
export type ClosedPosition = z.infer<typeof closedPositionSchema>;

export const portfolioTotalsSchema = z.object({
  marketValue: money,
  cash: money,
  totalValue: money,
  costBasis: money,
  unrealisedGain: money,
  realisedGain: money,
  dividends: money,
  fees: money,
  deposits: money,
  withdrawals: money,
  /** Buys and fees the cash could not pay for: counted as money put in. */
  outsideFunding: money,
  netContributions: money,
  /** Total value minus net contributions. */
  totalGain: money,
  totalGainRatio: ratio.nullable(),
  dayChange: money.nullable(),
  dayChangeRatio: ratio.nullable(),
});
export type PortfolioTotals = z.infer<typeof portfolioTotalsSchema>;

export const allocationSliceSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: money,
  weight: ratio,
});
export type AllocationSlice = z.infer<typeof allocationSliceSchema>;

export const allocationSchema = z.object({
  byHolding: z.array(allocationSliceSchema),
  bySector: z.array(allocationSliceSchema),
  byType: z.array(allocationSliceSchema),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** The prices behind a set of figures, summed up for the note under them. */
export const pricesNoteSchema = z.object({
  /** Every source used, e.g. ["simulated"]; `trade` when a last trade price stood in. */
  sources: z.array(z.string()),
  /** The oldest of the prices used (ISO 8601), null when none came from a source. */
  asOf: z.string().nullable(),
  /** Some price is a last known one: its source could not be reached. */
  delayed: z.boolean(),
});
export type PricesNote = z.infer<typeof pricesNoteSchema>;

/** `GET /api/portfolios/:id/holdings` */
export const holdingsResponseSchema = z.object({
  portfolio: portfolioSchema,
  holdings: z.array(holdingSchema),
  closed: z.array(closedPositionSchema),
  totals: portfolioTotalsSchema,
  allocation: allocationSchema,
  prices: pricesNoteSchema,
});
export type HoldingsResponse = z.infer<typeof holdingsResponseSchema>;

/**
 * `GET /api/portfolios/example` (public): the worked example `/features/portfolio` shows, a
 * fixed ledger valued at the latest prices the Free plan sees by the same code as a user's
 * portfolio (docs/PRODUCT.md §3.29).
 */
export const portfolioExampleSchema = holdingsResponseSchema.omit({ portfolio: true }).extend({
  transactions: z.array(
    transactionSchema.pick({
      kind: true,
      date: true,
      symbol: true,
      quantity: true,
      price: true,
      amount: true,
      fees: true,
      splitTo: true,
      splitFrom: true,
      cashEffect: true,
    }),
  ),
});
export type PortfolioExample = z.infer<typeof portfolioExampleSchema>;

/** `?range=` of the performance routes. */
export const performanceQuerySchema = z.object({
  range: performanceRangeSchema.default('1m'),
});

export const performancePointSchema = z.object({
  date: z.iso.date(),
  /** Value at the day's close, to the cent (a chart point, not a sum). */
  value: z.number(),
  /** Time-weighted return since the range began. */
  return: ratio,
  /** The benchmark's return since the range began; null before its first close. */
  benchmark: ratio.nullable(),
});
export type PerformancePoint = z.infer<typeof performancePointSchema>;

/** `GET /api/portfolios/:id/performance?range=` and `GET /api/portfolios/performance?range=` */
export const performanceResponseSchema = z.object({
  range: performanceRangeSchema,
  /** The base day (the close the range is measured from) and the last day; null when empty. */
  from: z.iso.date().nullable(),
  to: z.iso.date().nullable(),
  points: z.array(performancePointSchema),
  startValue: money,
  endValue: money,
  netFlows: money,
  gain: money,
  timeWeightedReturn: ratio.nullable(),
  moneyWeightedReturn: ratio.nullable(),
  moneyWeightedAnnualised: ratio.nullable(),
  benchmark: z.object({ symbol: z.string(), return: ratio.nullable() }),
  /** Where the daily closes came from, and the last day they cover. */
  closes: z.object({
    sources: z.array(z.string()),
    asOf: z.iso.date().nullable(),
    /** Some history could not be brought up to date. */
    stale: z.boolean(),
    /** Securities valued at their trade prices on days before their first stored close. */
    missing: z.array(z.object({ symbol: z.string(), before: z.iso.date() })),
  }),
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;

/** `GET /api/portfolios/summary`: every portfolio of the user added up (the dashboard home). */
export const portfolioSummarySchema = z.object({
  portfolioCount: z.number().int().nonnegative(),
  transactionCount: z.number().int().nonnegative(),
  totalValue: money,
  marketValue: money,
  cash: money,
  dayChange: money.nullable(),
  dayChangeRatio: ratio.nullable(),
  totalGain: money,
  prices: pricesNoteSchema,
  /** Money put in minus money taken out, over every portfolio. */
  netContributions: money,
  /**
   * Every portfolio's holdings (one entry per portfolio and symbol), which the figures above
   * add up: what a newer price revalues them from.
   */
  holdings: z.array(
    z.object({
      symbol: z.string(),
      quantity: z.string(),
      marketValue: money,
      /** When the price was taken; null for a last trade price. */
      asOf: z.string().nullable(),
      dayBase: money.nullable(),
    }),
  ),
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

/** `GET /api/portfolios/activity?limit=`: the latest transactions of all the user's portfolios. */
export const recentTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const recentTransactionsSchema = z.object({
  transactions: z.array(
    transactionSchema.extend({ portfolioName: z.string(), portfolioKind: z.enum(portfolioKinds) }),
  ),
});
export type RecentTransactions = z.infer<typeof recentTransactionsSchema>;
export type RecentTransaction = RecentTransactions['transactions'][number];
