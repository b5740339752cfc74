import { z } from 'zod';
import { dataSourceSchema, securityTypeSchema } from './company.ts';

/** docs/PRODUCT.md §7.1: the tracked symbols and their fixed display names. */
export const trackedStocks = [
  { symbol: 'AAPL', name: 'Apple Inc.' },
  { symbol: 'MSFT', name: 'Microsoft Corporation' },
  { symbol: 'GOOGL', name: 'Alphabet Inc.' },
  { symbol: 'AMZN', name: 'Amazon.com, Inc.' },
  { symbol: 'TSLA', name: 'Tesla, Inc.' },
] as const;

export type StockSymbol = (typeof trackedStocks)[number]['symbol'];

export const stockSymbols = trackedStocks.map((stock) => stock.symbol) as [
  StockSymbol,
  ...StockSymbol[],
];

export const stockSymbolSchema = z.enum(stockSymbols);

/** The tracked symbol a path segment names (case-insensitive), or undefined. */
export function parseStockSymbol(value: string): StockSymbol | undefined {
  const parsed = stockSymbolSchema.safeParse(value.trim().toUpperCase());
  return parsed.success ? parsed.data : undefined;
}

/**
 * A US ticker as the product writes it: 1 to 6 letters or digits, optionally a share class
 * after a dot (BRK.B). Upper case; `parseTickerSymbol` normalises what users type.
 */
export const tickerSymbolSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9]{0,5}(\.[A-Z])?$/, 'Not a ticker symbol');
export type TickerSymbol = z.infer<typeof tickerSymbolSchema>;

/** The ticker a path segment or search names (any case; BRK-B and BRK/B mean BRK.B). */
export function parseTickerSymbol(value: string): TickerSymbol | undefined {
  const normalised = value.trim().toUpperCase().replace(/[-/]/, '.');
  const parsed = tickerSymbolSchema.safeParse(normalised);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A symbol as a user types it in a form (any case, BRK-B for BRK.B), normalised to the ticker;
 * `missing` is the field's message when it is left empty.
 */
export function tickerInputSchema(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(12, 'Not a ticker symbol')
    .transform((value, context) => {
      const symbol = parseTickerSymbol(value);
      if (!symbol) {
        context.addIssue({ code: 'custom', message: 'Not a ticker symbol' });
        return z.NEVER;
      }
      return symbol;
    });
}

/** One daily close of the price history, `date` as YYYY-MM-DD (UTC). */
export const pricePointSchema = z.object({
  date: z.iso.date(),
  price: z.number().positive(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

/**
 * How fresh a price is for the plan that sees it. `delayed`: the plan sees prices
 * `delayMinutes` late (Free: 15), so the price is the one of `asOf`, never a newer one.
 * `stale`: the provider could not be reached lately and this is the last price it gave.
 */
export const priceFreshnessSchema = z.object({
  delayed: z.boolean(),
  /** 0 for real-time plans. */
  delayMinutes: z.number().int().nonnegative(),
  /** The instant the price stands for (ISO 8601). */
  asOf: z.iso.datetime(),
  stale: z.boolean(),
});
export type PriceFreshness = z.infer<typeof priceFreshnessSchema>;

/**
 * A stock record (docs/PRODUCT.md §3.12, §3.13), with how fresh its price is for the viewer's
 * plan.
 */
export const stockSchema = z
  .object({
    symbol: tickerSymbolSchema,
    name: z.string(),
    type: securityTypeSchema,
    /** US dollars, rounded to 2 decimals. */
    price: z.number().positive(),
    /** Percent versus the previous close, rounded to 2 decimals. */
    change: z.number(),
    /** Shares traded today; 0 when the provider does not report it. */
    volume: z.number().nonnegative(),
    /** US dollars, from the company data; null when the source has none (a fund, say). */
    marketCap: z.number().nonnegative().nullable(),
    /** The 52-week range, from the stored daily bars (docs/PRODUCT.md §7.2). */
    yearHigh: z.number().positive(),
    yearLow: z.number().positive(),
    /** From the company data; null when the source has none (no earnings, or a fund). */
    peRatio: z.number().nullable(),
    /** Daily closes of the past month (the 1M period, docs/PRODUCT.md §7.2), oldest first. */
    historicalData: z.array(pricePointSchema),
    /** Where the price came from: `simulated` is never real market data. */
    source: dataSourceSchema,
  })
  .extend(priceFreshnessSchema.shape);
export type Stock = z.infer<typeof stockSchema>;

/** `GET /api/stocks` */
export const stockListSchema = z.object({ stocks: z.array(stockSchema) });
export type StockList = z.infer<typeof stockListSchema>;

/** `GET /api/etfs`: the featured ETFs, as the stocks list shows stocks. */
export const etfListSchema = z.object({ etfs: z.array(stockSchema) });
export type EtfList = z.infer<typeof etfListSchema>;

/** `GET /api/stocks/:symbol` */
export const stockResponseSchema = z.object({ stock: stockSchema });
export type StockResponse = z.infer<typeof stockResponseSchema>;

/**
 * `PUT /api/simulation/quotes/:symbol` (test servers with SIMULATION_CONTROL only): the price
 * the simulated provider quotes for the symbol from now on.
 */
export const simulatedPriceSchema = z.object({
  price: z.number().positive().max(1_000_000),
});

/**
 * The latest quote of a stock or ETF, without history or company figures: `GET
 * /api/v1/quotes/{symbol}` (docs/PRODUCT.md §3.20).
 */
export const quoteSchema = z
  .object({
    symbol: tickerSymbolSchema,
    name: z.string(),
    type: securityTypeSchema,
    /** US dollars, rounded to 2 decimals. */
    price: z.number().positive(),
    /** Percent versus the previous close, rounded to 2 decimals. */
    change: z.number(),
    /** US dollars; 0 when the source does not know it. */
    previousClose: z.number().nonnegative(),
    /** The day's open, high and low so far, when the source reports them. */
    open: z.number().nullable(),
    high: z.number().nullable(),
    low: z.number().nullable(),
    /** Shares traded today; null when the source does not report it. */
    volume: z.number().nonnegative().nullable(),
    /** Where the price came from: `simulated` is never real market data. */
    source: dataSourceSchema,
  })
  .extend(priceFreshnessSchema.shape);
export type Quote = z.infer<typeof quoteSchema>;

export const quoteResponseSchema = z.object({ quote: quoteSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
