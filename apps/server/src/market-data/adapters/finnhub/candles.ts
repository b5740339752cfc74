import { z } from 'zod';
import { dayNumber, newYorkTime } from '../../calendar/market-calendar.ts';
import { finnhubLimits } from '../../upstream/provider-limits.ts';
import { UpstreamError } from '../../upstream/upstream.ts';
import type { BarsAnswer, BarsProvider, ProviderBar } from '../bars-provider.ts';
import { finnhubGetter } from './get.ts';

export interface FinnhubCandleOptions {
  apiKey: string;
  baseUrl: string;
  callsPerMinute?: number;
  now?: () => number;
}

const candleSchema = z.object({
  s: z.string(),
  t: z.array(z.number()).optional(),
  o: z.array(z.number().nullable()).optional(),
  h: z.array(z.number().nullable()).optional(),
  l: z.array(z.number().nullable()).optional(),
  c: z.array(z.number().nullable()).optional(),
  v: z.array(z.number().nullable()).optional(),
});

/**
 * Finnhub's `/stock/candle` (daily). Free keys are refused it (403) for every symbol: after a
 * refusal (that, or a key refused outright) no symbol asks again that day, and the history service keeps only the bars that
 * Finnhub's `/quote` closes each evening.
 */
export function createFinnhubCandles({
  apiKey,
  baseUrl,
  callsPerMinute,
  now = Date.now,
}: FinnhubCandleOptions): BarsProvider {
  const get = finnhubGetter({ apiKey, baseUrl });
  let refusedDay: number | undefined;
  // The first candle call of a day goes alone: after a refusal, the others do not ask.
  let firstCallOfDay: { day: number; settled: Promise<unknown> } | undefined;

  async function dailyBars(
    symbol: string,
    range: { from: string; to: string },
    signal: AbortSignal,
  ): Promise<BarsAnswer | null> {
    const today = dayNumber(newYorkTime(now()).date);
    if (firstCallOfDay?.day === today) await firstCallOfDay.settled;
    if (refusedDay === today) return null;
    const call = candles(symbol, range, signal, today);
    if (firstCallOfDay?.day !== today) {
      firstCallOfDay = { day: today, settled: call.catch(() => null) };
    }
    return call;
  }

  async function candles(
    symbol: string,
    { from, to }: { from: string; to: string },
    signal: AbortSignal,
    today: number,
  ): Promise<BarsAnswer | null> {
    let body: z.infer<typeof candleSchema>;
    try {
      body = await get(
        '/stock/candle',
        {
          symbol,
          resolution: 'D',
          from: String(dayNumber(from) * 86_400),
          to: String((dayNumber(to) + 1) * 86_400 - 1),
        },
        candleSchema,
        signal,
      );
    } catch (error) {
      if (error instanceof UpstreamError && error.failure === 'rejected') {
        refusedDay = today;
        return null;
      }
      throw error;
    }
    if (body.s !== 'ok') return { bars: [] };
    const bars: ProviderBar[] = [];
    (body.t ?? []).forEach((time, index) => {
      const open = body.o?.[index];
      const high = body.h?.[index];
      const low = body.l?.[index];
      const close = body.c?.[index];
      if (!(open && high && low && close) || close <= 0) return;
      // A daily candle's time falls on its session's UTC date (midnight or the close).
      bars.push({
        date: new Date(time * 1000).toISOString().slice(0, 10),
        open,
        high,
        low,
        close,
        volume: Math.max(0, Math.round(body.v?.[index] ?? 0)),
      });
    });
    return { bars };
  }

  return { source: 'finnhub', limits: finnhubLimits(callsPerMinute), dailyBars };
}
