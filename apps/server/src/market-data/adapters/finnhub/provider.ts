import { z } from 'zod';
import { finnhubLimits } from '../../upstream/provider-limits.ts';
import { UpstreamError } from '../../upstream/upstream.ts';
import type {
  MarketProvider,
  ProviderCompanyData,
  ProviderIntradayBar,
  ProviderSymbolMatch,
} from '../market-provider.ts';
import { finnhubGetter } from './get.ts';

export interface FinnhubOptions {
  apiKey: string;
  /** e.g. https://finnhub.io/api/v1 (tests point it at a fake on 127.0.0.1). */
  baseUrl: string;
  /** Calls a minute the plan allows (free: 60). */
  callsPerMinute?: number;
}

// `/quote` answers {c,d,dp,h,l,o,pc,t}; unknown symbols get zeros and nulls. It has no volume.
const quoteSchema = z.object({
  c: z.number().nullable(),
  pc: z.number().nullable(),
  o: z.number().nullable().optional(),
  h: z.number().nullable().optional(),
  l: z.number().nullable().optional(),
  t: z.number().nullable().optional(),
});

// `/stock/profile2` answers {} for a symbol it has no profile of (ETFs on a free key).
const profileSchema = z.object({
  country: z.string().optional(),
  currency: z.string().optional(),
  exchange: z.string().optional(),
  finnhubIndustry: z.string().optional(),
  ipo: z.string().optional(),
  marketCapitalization: z.number().optional(),
  name: z.string().optional(),
  shareOutstanding: z.number().optional(),
  weburl: z.string().optional(),
});

const metricSchema = z.object({
  metric: z.record(z.string(), z.unknown()).optional(),
});

const searchSchema = z.object({
  result: z
    .array(
      z.object({
        description: z.string(),
        displaySymbol: z.string(),
        symbol: z.string(),
        type: z.string(),
      }),
    )
    .optional(),
});

// `/stock/candle` answers {s,t,o,h,l,c,v} (times in epoch seconds, each bar's start) or
// {s:"no_data"}.
const candleSchema = z.object({
  s: z.string(),
  t: z.array(z.number()).optional(),
  o: z.array(z.number().nullable()).optional(),
  h: z.array(z.number().nullable()).optional(),
  l: z.array(z.number().nullable()).optional(),
  c: z.array(z.number().nullable()).optional(),
  v: z.array(z.number().nullable()).optional(),
});

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const positive = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : null;

/** A US common stock or fund as Finnhub's search lists it: no foreign suffix like `.TO`. */
const usTicker = /^[A-Z]{1,5}(\.[A-C])?$/;

export function createFinnhubProvider({
  apiKey,
  baseUrl,
  callsPerMinute,
}: FinnhubOptions): MarketProvider {
  const get = finnhubGetter({ apiKey, baseUrl });

  return {
    source: 'finnhub',
    limits: finnhubLimits(callsPerMinute),

    async quote(symbol, signal) {
      const quote = await get('/quote', { symbol }, quoteSchema, signal);
      return {
        price: quote.c ?? 0,
        previousClose: quote.pc ?? 0,
        volume: null,
        ...(positive(quote.o ?? undefined) ? { open: quote.o! } : {}),
        ...(positive(quote.h ?? undefined) ? { high: quote.h! } : {}),
        ...(positive(quote.l ?? undefined) ? { low: quote.l! } : {}),
        ...(quote.t ? { tradedAt: quote.t * 1000 } : {}),
      };
    },

    async companyData(symbol, signal): Promise<ProviderCompanyData> {
      const profile = await get('/stock/profile2', { symbol }, profileSchema, signal);
      const { metric = {} } = await get(
        '/stock/metric',
        { symbol, metric: 'all' },
        metricSchema,
        signal,
      );
      const figure = (name: string): number | null => {
        const value = metric[name];
        return typeof value === 'number' && Number.isFinite(value) ? value : null;
      };
      // Finnhub gives market cap and shares in millions.
      const millions = (value: number | null | undefined) =>
        value === null || value === undefined ? null : value * 1e6;
      const website = text(profile.weburl);
      return {
        profile: {
          name: text(profile.name),
          exchange: text(profile.exchange),
          industry: text(profile.finnhubIndustry),
          country: text(profile.country),
          currency: text(profile.currency),
          website: website?.startsWith('https://') ? website : null,
          ipoDate: /^\d{4}-\d{2}-\d{2}$/.test(profile.ipo ?? '') ? (profile.ipo ?? null) : null,
          sharesOutstanding: millions(positive(profile.shareOutstanding)),
        },
        metrics: {
          marketCap: millions(
            positive(profile.marketCapitalization) ?? figure('marketCapitalization'),
          ),
          peRatio: figure('peTTM') ?? figure('peBasicExclExtraTTM'),
          pbRatio: figure('pb') ?? figure('pbQuarterly'),
          psRatio: figure('psTTM'),
          eps: figure('epsTTM'),
          dividendYieldPercent: figure('currentDividendYieldTTM'),
          payoutRatioPercent: figure('payoutRatioTTM'),
          beta: figure('beta'),
          yearHigh: positive(figure('52WeekHigh') ?? undefined),
          yearLow: positive(figure('52WeekLow') ?? undefined),
          grossMarginPercent: figure('grossMarginTTM'),
          operatingMarginPercent: figure('operatingMarginTTM'),
          netMarginPercent: figure('netProfitMarginTTM'),
          roePercent: figure('roeTTM'),
          revenueGrowthPercent: figure('revenueGrowthTTMYoy'),
          epsGrowthPercent: figure('epsGrowthTTMYoy'),
          revenueGrowth5yPercent: figure('revenueGrowth5Y'),
          debtToEquity: figure('totalDebt/totalEquityQuarterly'),
          currentRatio: figure('currentRatioQuarterly'),
        },
      };
    },

    async intradayBars(symbol, { from, to, intervalMinutes }, signal) {
      let body: z.infer<typeof candleSchema>;
      try {
        body = await get(
          '/stock/candle',
          {
            symbol,
            resolution: String(intervalMinutes),
            from: String(Math.floor(from / 1000)),
            to: String(Math.floor(to / 1000)),
          },
          candleSchema,
          signal,
        );
      } catch (error) {
        // Free keys are refused candles of any resolution.
        if (error instanceof UpstreamError && error.failure === 'rejected') return null;
        throw error;
      }
      if (body.s !== 'ok') return [];
      const bars: ProviderIntradayBar[] = [];
      (body.t ?? []).forEach((time, index) => {
        const open = body.o?.[index];
        const high = body.h?.[index];
        const low = body.l?.[index];
        const close = body.c?.[index];
        if (!(open && high && low && close) || close <= 0) return;
        const volume = Math.max(0, Math.round(body.v?.[index] ?? 0));
        bars.push({ start: time * 1000, open, high, low, close, volume });
      });
      return bars;
    },

    async search(query, signal): Promise<ProviderSymbolMatch[]> {
      const { result = [] } = await get('/search', { q: query }, searchSchema, signal);
      const matches: ProviderSymbolMatch[] = [];
      for (const item of result) {
        const type = item.type === 'Common Stock' ? 'stock' : item.type === 'ETP' ? 'etf' : null;
        if (!type || item.symbol !== item.displaySymbol || !usTicker.test(item.symbol)) continue;
        matches.push({ symbol: item.symbol, name: item.description, type });
      }
      return matches;
    },
  };
}
