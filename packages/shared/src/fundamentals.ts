import { z } from 'zod';
import { researchStatusSchema } from './research.ts';

/**
 * A company's financial statements (income statement, balance sheet, cash flow) and a fund's
 * data (expense ratio, assets, yield, holdings, sector weights). Every answer says where its
 * figures come from and as of when: Finnhub, or the offline simulation (never real figures).
 * Amounts are US dollars (not millions); per-share figures are dollars per share.
 */

/** Who gave the figures: Finnhub (as reported to the SEC, or its ETF data), or the simulation. */
export const fundamentalsSourceSchema = z.enum(['finnhub', 'simulated']);
export type FundamentalsSource = z.infer<typeof fundamentalsSourceSchema>;

export const fundamentalsSourceText: Record<FundamentalsSource, string> = {
  finnhub: 'Finnhub',
  simulated: 'Simulated',
};

const fundamentalsBase = {
  symbol: z.string(),
  source: fundamentalsSourceSchema.nullable(),
  /** When the figures were read from the source (ISO 8601); null when never. */
  asOf: z.iso.datetime().nullable(),
  status: researchStatusSchema,
  /** Why there is nothing, why it is old, or that it is simulated; null for plain real figures. */
  message: z.string().nullable(),
};

const amount = z.number().nullable();

export const incomeStatementSchema = z.object({
  revenue: amount,
  costOfRevenue: amount,
  grossProfit: amount,
  operatingExpenses: amount,
  operatingIncome: amount,
  pretaxIncome: amount,
  incomeTax: amount,
  netIncome: amount,
  /** Diluted earnings per share. */
  eps: amount,
  /** Weighted average diluted shares (a count). */
  dilutedShares: amount,
});
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;

export const balanceSheetSchema = z.object({
  cash: amount,
  currentAssets: amount,
  totalAssets: amount,
  currentLiabilities: amount,
  /** Short-term and long-term borrowings together. */
  totalDebt: amount,
  totalLiabilities: amount,
  totalEquity: amount,
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

export const cashFlowStatementSchema = z.object({
  netIncome: amount,
  depreciation: amount,
  operatingCashFlow: amount,
  /** Paid for property and equipment: negative, as on the statement. */
  capitalExpenditure: amount,
  investingCashFlow: amount,
  /** Negative, as on the statement. */
  dividendsPaid: amount,
  /** Stock bought back net of stock issued: negative for a net buyback. */
  stockRepurchased: amount,
  financingCashFlow: amount,
  netChangeInCash: amount,
  /** Operating cash flow plus capital expenditure (which is negative). */
  freeCashFlow: amount,
});
export type CashFlowStatement = z.infer<typeof cashFlowStatementSchema>;

/**
 * One column of the statements: a fiscal year, a fiscal quarter, or the trailing twelve
 * months (`ttm`, the last four quarters: what the key statistics read). A flow covers
 * `startDate` to `endDate`; the balance sheet is at `endDate`.
 */
export const statementPeriodSchema = z.object({
  /** "TTM", "FY 2025", "Q3 2026". */
  label: z.string(),
  kind: z.enum(['ttm', 'year', 'quarter']),
  fiscalYear: z.number().int(),
  /** 1 to 4 for a quarter, null otherwise. */
  quarter: z.number().int().min(1).max(4).nullable(),
  startDate: z.iso.date().nullable(),
  endDate: z.iso.date(),
  income: incomeStatementSchema,
  balance: balanceSheetSchema,
  cashFlow: cashFlowStatementSchema,
  /**
   * Change on the same period a year before (the year before, the same quarter of the year
   * before, the twelve months before), in percent; null where that period is not known.
   */
  growth: z.object({
    revenuePercent: amount,
    netIncomePercent: amount,
    epsPercent: amount,
  }),
});
export type StatementPeriod = z.infer<typeof statementPeriodSchema>;

/**
 * `GET /api/stocks/:symbol/financials`: up to five fiscal years (the trailing twelve months
 * first when the source has quarters) and up to twenty quarters, newest first.
 */
export const financialStatementsSchema = z.object({
  ...fundamentalsBase,
  annual: z.array(statementPeriodSchema),
  quarterly: z.array(statementPeriodSchema),
});
export type FinancialStatements = z.infer<typeof financialStatementsSchema>;

/** Fiscal years and quarters shown at most. */
export const statementYearsShown = 5;
export const statementQuartersShown = 20;

export const fundHoldingSchema = z.object({
  /** Null when the source names none (cash, a bond). */
  symbol: z.string().nullable(),
  name: z.string(),
  /** Percent of the fund's assets (6.8 means 6.8 %). */
  weightPercent: z.number(),
});
export type FundHolding = z.infer<typeof fundHoldingSchema>;

export const fundSectorWeightSchema = z.object({
  sector: z.string(),
  weightPercent: z.number(),
});
export type FundSectorWeight = z.infer<typeof fundSectorWeightSchema>;

/** `GET /api/stocks/:symbol/fund`: a fund's data; `not_offered` for a stock. */
export const fundDataSchema = z.object({
  ...fundamentalsBase,
  /** Percent a year (0.09 means 0.09 %). */
  expenseRatioPercent: z.number().nullable(),
  /** Assets under management, US dollars. */
  assetsUnderManagement: z.number().nullable(),
  /** Percent, trailing twelve months. */
  dividendYieldPercent: z.number().nullable(),
  /** The fund's holdings count, when known. */
  holdingsCount: z.number().int().nullable(),
  /** Largest first, at most 10. */
  topHoldings: z.array(fundHoldingSchema),
  /** Largest first. */
  sectorWeights: z.array(fundSectorWeightSchema),
  /** The day the holdings are of (YYYY-MM-DD), when the source says. */
  holdingsAsOf: z.iso.date().nullable(),
});
export type FundData = z.infer<typeof fundDataSchema>;

/** Holdings shown at most. */
export const fundHoldingsShown = 10;
