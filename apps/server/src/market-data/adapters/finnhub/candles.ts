import { z } from 'zod';
import { dayNumber, newYorkTime } from '../../calendar/market-calendar.ts';
import { finnhubLimits } from '../../upstream/provider-limits.ts';
import { UpstreamError } from '../../upstream/upstream.ts';
import type { BarsAnswer, BarsProvider, ProviderBar } from '../bars-provider.ts';

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
 * refusal no symbol asks again that day, and the history service keeps only the bars that
 * Finnhub's `/quote` closes each evening.
 */
export function createFinnhubCandles({
  apiKey,
  baseUrl,
  callsPerMinute,
  now = Date.now,
}: FinnhubCandleOptions): BarsProvider {
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
    const url = new URL(`${baseUrl}/stock/candle`);
    url.searchParams.set('symbol', symbol);
    url.searchParams.set('resolution', 'D');
    url.searchParams.set('from', String(dayNumber(from) * 86_400));
    url.searchParams.set('to', String((dayNumber(to) + 1) * 86_400 - 1));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'x-finnhub-token': apiKey, accept: 'application/json' },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new UpstreamError('timeout', 'Finnhub candles timed out');
      throw new UpstreamError('network', `Finnhub unreachable: ${(error as Error).message}`);
    }
    if (response.status === 403) {
      await response.body?.cancel();
      refusedDay = today;
      return null;
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new UpstreamError('rate_limited', 'Finnhub rate limit reached');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamError(
        response.status >= 500 ? 'server_error' : 'bad_response',
        `Finnhub candles answered ${response.status}`,
      );
    }
    const parsed = candleSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new UpstreamError('bad_response', 'Finnhub candles: unknown shape');
    const body = parsed.data;
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
