import type { EarningsDate, EarningsResult, NewsItem } from '@tickerwise/shared';
import { z } from 'zod';
import { finnhubGetter } from '../adapters/finnhub/get.ts';
import type { EarningsProvider, NewsProvider } from './providers.ts';

// `/company-news` answers an array of {category, datetime (epoch s), headline, id, image,
// related, source, summary, url}; [] when there is nothing.
const newsSchema = z.array(
  z.object({
    datetime: z.number(),
    headline: z.string(),
    source: z.string().optional(),
    summary: z.string().optional(),
    url: z.string(),
  }),
);

// `/calendar/earnings` answers {earningsCalendar: [{date, epsActual, epsEstimate, hour,
// quarter, revenueActual, revenueEstimate, symbol, year}]}.
const calendarSchema = z.object({
  earningsCalendar: z
    .array(
      z.object({
        date: z.string(),
        epsEstimate: z.number().nullable().optional(),
        hour: z.string().nullable().optional(),
        quarter: z.number().nullable().optional(),
        revenueEstimate: z.number().nullable().optional(),
        symbol: z.string().optional(),
        year: z.number().nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});

// `/stock/earnings` answers [{actual, estimate, period, quarter, surprise, surprisePercent,
// symbol, year}].
const historySchema = z.array(
  z.object({
    actual: z.number().nullable().optional(),
    estimate: z.number().nullable().optional(),
    period: z.string(),
    quarter: z.number().nullable().optional(),
    surprise: z.number().nullable().optional(),
    surprisePercent: z.number().nullable().optional(),
    year: z.number().nullable().optional(),
  }),
);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const webLink = /^https?:\/\/[^\s]+$/;
const finite = (value: number | null | undefined) =>
  value !== null && value !== undefined && Number.isFinite(value) ? value : null;
const quarterOf = (value: number | null | undefined) =>
  value !== null && value !== undefined && value >= 1 && value <= 4 ? Math.trunc(value) : null;
const hours = new Set(['bmo', 'amc', 'dmh']);

/** Company news and earnings from Finnhub's REST API, read into the app's shapes. */
export function finnhubResearch(options: {
  apiKey: string;
  baseUrl: string;
}): NewsProvider & EarningsProvider {
  const get = finnhubGetter(options);
  return {
    source: 'finnhub',

    async companyNews(symbol, from, to, signal) {
      const items = await get('/company-news', { symbol, from, to }, newsSchema, signal);
      return items.flatMap((item): NewsItem[] => {
        const headline = item.headline.trim();
        // A link that is not a web address is not shown as one.
        if (!headline || !webLink.test(item.url) || !(item.datetime > 0)) return [];
        return [
          {
            headline,
            summary: (item.summary ?? '').trim(),
            publisher: (item.source ?? '').trim() || 'Unknown publisher',
            url: item.url,
            publishedAt: new Date(item.datetime * 1000).toISOString(),
          },
        ];
      });
    },

    async calendar(symbol, from, to, signal) {
      const { earningsCalendar } = await get(
        '/calendar/earnings',
        { symbol, from, to },
        calendarSchema,
        signal,
      );
      return (earningsCalendar ?? []).flatMap((entry): EarningsDate[] => {
        const quarter = quarterOf(entry.quarter);
        const year = finite(entry.year);
        if (!isoDay.test(entry.date) || quarter === null || year === null) return [];
        if (entry.symbol !== undefined && entry.symbol !== symbol) return [];
        return [
          {
            date: entry.date,
            hour: entry.hour && hours.has(entry.hour) ? (entry.hour as EarningsDate['hour']) : null,
            quarter,
            year: Math.trunc(year),
            epsEstimate: finite(entry.epsEstimate),
            revenueEstimate: finite(entry.revenueEstimate),
          },
        ];
      });
    },

    async history(symbol, signal) {
      const results = await get('/stock/earnings', { symbol }, historySchema, signal);
      return results.flatMap((entry): EarningsResult[] => {
        const quarter = quarterOf(entry.quarter);
        const year = finite(entry.year);
        if (!isoDay.test(entry.period) || quarter === null || year === null) return [];
        return [
          {
            period: entry.period,
            quarter,
            year: Math.trunc(year),
            epsActual: finite(entry.actual),
            epsEstimate: finite(entry.estimate),
            surprise: finite(entry.surprise),
            surprisePercent: finite(entry.surprisePercent),
          },
        ];
      });
    },
  };
}
