import { z } from 'zod';
import { finnhubGetter } from '../adapters/finnhub/get.ts';

/**
 * Finnhub's financial statements as reported to the SEC (`/stock/financials-reported`) and
 * its ETF data (`/etf/profile`, `/etf/holdings`, `/etf/sector`, on plans that include them;
 * others answer 403), read into plain shapes. Every failure is an UpstreamError.
 */

/**
 * One filing's statements, each line's value by its US-GAAP concept without the taxonomy
 * prefix ("NetIncomeLoss"): `bs` balance sheet, `ic` income statement, `cf` cash flow.
 */
export interface ReportedFiling {
  year: number;
  /** 0 for an annual report (10-K), 1 to 4 for a quarterly one. */
  quarter: number;
  form: string;
  startDate: string | null;
  endDate: string;
  filedDate: string | null;
  bs: Map<string, number>;
  ic: Map<string, number>;
  cf: Map<string, number>;
}

export interface FinnhubEtfProfile {
  expenseRatio: number | null;
  aum: number | null;
}

export interface FinnhubEtfHolding {
  symbol: string | null;
  name: string;
  percent: number;
}

export interface FinnhubEtfHoldings {
  atDate: string | null;
  numberOfHoldings: number | null;
  holdings: FinnhubEtfHolding[];
}

export interface StatementsProvider {
  readonly source: 'finnhub';
  financialsReported(
    symbol: string,
    freq: 'annual' | 'quarterly',
    signal: AbortSignal,
  ): Promise<ReportedFiling[]>;
}

export interface FundProvider {
  readonly source: 'finnhub';
  etfProfile(symbol: string, signal: AbortSignal): Promise<FinnhubEtfProfile>;
  etfHoldings(symbol: string, signal: AbortSignal): Promise<FinnhubEtfHoldings>;
  etfSectors(symbol: string, signal: AbortSignal): Promise<{ sector: string; percent: number }[]>;
}

// A statement is an array of {concept, label, unit, value}; older filings give an object of
// concept to value instead. Values are numbers, sometimes strings ("N/A").
const lineSchema = z.object({
  concept: z.string(),
  label: z.string().optional(),
  unit: z.string().optional(),
  value: z.unknown(),
});
const statementSchema = z
  .union([z.array(lineSchema), z.record(z.string(), z.unknown())])
  .nullable()
  .optional();

// `/stock/financials-reported?symbol&freq` answers {cik, data: [{accessNumber, symbol, cik,
// year, quarter, form, startDate, endDate, filedDate, acceptedDate, report: {bs, cf, ic}}],
// symbol}; dates as "2025-09-27 00:00:00".
const financialsSchema = z.object({
  data: z
    .array(
      z.object({
        year: z.number(),
        quarter: z.number().nullable().optional(),
        form: z.string().nullable().optional(),
        startDate: z.string().nullable().optional(),
        endDate: z.string(),
        filedDate: z.string().nullable().optional(),
        report: z
          .object({ bs: statementSchema, cf: statementSchema, ic: statementSchema })
          .nullable()
          .optional(),
      }),
    )
    .nullable()
    .optional(),
});

// `/etf/profile?symbol` answers {profile: {name, assetClass, aum, nav, expenseRatio, ...},
// symbol}; `expenseRatio` in percent (0.0945), `aum` in US dollars.
const profileSchema = z.object({
  profile: z
    .object({
      aum: z.number().nullable().optional(),
      expenseRatio: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
});

// `/etf/holdings?symbol` answers {atDate, holdings: [{symbol, name, isin, cusip, share,
// percent, value, assetType}], numberOfHoldings, symbol}.
const holdingsSchema = z.object({
  atDate: z.string().nullable().optional(),
  numberOfHoldings: z.number().nullable().optional(),
  holdings: z
    .array(
      z.object({
        symbol: z.string().nullable().optional(),
        name: z.string().nullable().optional(),
        percent: z.number().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});

// `/etf/sector?symbol` answers {sectorExposure: [{exposure, industry}], symbol}.
const sectorSchema = z.object({
  sectorExposure: z
    .array(z.object({ industry: z.string(), exposure: z.number().nullable().optional() }))
    .nullable()
    .optional(),
});

const isoDay = /^(\d{4}-\d{2}-\d{2})/;
const dayOf = (value: string | null | undefined) => (value && isoDay.exec(value)?.[1]) ?? null;

function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** A statement's lines by concept, the taxonomy prefix ("us-gaap_") dropped; the first wins. */
function linesOf(statement: z.infer<typeof statementSchema>): Map<string, number> {
  const lines = new Map<string, number>();
  const add = (concept: string, raw: unknown) => {
    const name = concept.replace(/^[a-z-]+[_:]/, '');
    const value = numberOf(raw);
    if (value !== null && !lines.has(name)) lines.set(name, value);
  };
  if (Array.isArray(statement)) {
    for (const line of statement) add(line.concept, line.value);
  } else if (statement) {
    for (const [concept, value] of Object.entries(statement)) add(concept, value);
  }
  return lines;
}

export function finnhubFundamentals(options: {
  apiKey: string;
  baseUrl: string;
}): StatementsProvider & FundProvider {
  const get = finnhubGetter(options);
  return {
    source: 'finnhub',

    async financialsReported(symbol, freq, signal) {
      const { data } = await get(
        '/stock/financials-reported',
        { symbol, freq },
        financialsSchema,
        signal,
      );
      return (data ?? []).flatMap((filing): ReportedFiling[] => {
        const endDate = dayOf(filing.endDate);
        if (!endDate || !filing.report) return [];
        return [
          {
            year: Math.trunc(filing.year),
            quarter: Math.trunc(filing.quarter ?? 0),
            form: filing.form ?? '',
            startDate: dayOf(filing.startDate),
            endDate,
            filedDate: dayOf(filing.filedDate),
            bs: linesOf(filing.report.bs),
            ic: linesOf(filing.report.ic),
            cf: linesOf(filing.report.cf),
          },
        ];
      });
    },

    async etfProfile(symbol, signal) {
      const { profile } = await get('/etf/profile', { symbol }, profileSchema, signal);
      return {
        expenseRatio: numberOf(profile?.expenseRatio),
        aum: numberOf(profile?.aum),
      };
    },

    async etfHoldings(symbol, signal) {
      const answer = await get('/etf/holdings', { symbol }, holdingsSchema, signal);
      return {
        atDate: dayOf(answer.atDate),
        numberOfHoldings: numberOf(answer.numberOfHoldings),
        holdings: (answer.holdings ?? []).flatMap((holding): FinnhubEtfHolding[] => {
          const percent = numberOf(holding.percent);
          const name = (holding.name ?? '').trim() || (holding.symbol ?? '').trim();
          if (percent === null || !name) return [];
          return [{ symbol: holding.symbol?.trim() || null, name, percent }];
        }),
      };
    },

    async etfSectors(symbol, signal) {
      const { sectorExposure } = await get('/etf/sector', { symbol }, sectorSchema, signal);
      return (sectorExposure ?? []).flatMap((entry) => {
        const percent = numberOf(entry.exposure);
        return percent === null ? [] : [{ sector: entry.industry, percent }];
      });
    },
  };
}
