import type { PricePoint, StockSymbol } from '@tickerwise/shared';
import { z } from 'zod';
import { isoDate, utcDayNumber } from '../market-days.ts';
import { type MarketProvider, UpstreamError } from './market-provider.ts';

export interface FinnhubOptions {
  apiKey: string;
  /** e.g. https://finnhub.io/api/v1 (tests point it at a fake on 127.0.0.1). */
  baseUrl: string;
}

/** Finnhub's free tier: 60 calls a minute and 30 a second. */
export const finnhubFreeLimits = [
  { calls: 30, perMs: 1_000 },
  { calls: 60, perMs: 60_000 },
] as const;

// `/quote` answers {c,d,dp,h,l,o,pc,t}; unknown symbols get zeros and nulls. It has no volume.
const quoteSchema = z.object({
  c: z.number().nullable(),
  pc: z.number().nullable(),
});

const candleSchema = z.object({
  s: z.string(),
  t: z.array(z.number()).optional(),
  c: z.array(z.number().nullable()).optional(),
});

async function failureOf(response: Response): Promise<UpstreamError> {
  await response.body?.cancel();
  const { status } = response;
  if (status === 429) return new UpstreamError('rate_limited', 'Finnhub rate limit reached');
  if (status >= 500) return new UpstreamError('server_error', `Finnhub answered ${status}`);
  if (status === 401 || status === 403) {
    return new UpstreamError('rejected', `Finnhub refused the API key (${status})`);
  }
  return new UpstreamError('bad_response', `Finnhub answered ${status}`);
}

export function createFinnhubProvider({ apiKey, baseUrl }: FinnhubOptions): MarketProvider {
  async function get(
    path: string,
    query: Record<string, string>,
    signal: AbortSignal,
  ): Promise<Response> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    try {
      // The key goes in Finnhub's header rather than the URL, which proxies and logs keep.
      return await fetch(url, {
        headers: { 'x-finnhub-token': apiKey, accept: 'application/json' },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new UpstreamError('timeout', `Finnhub ${path} timed out`);
      throw new UpstreamError(
        'network',
        `Finnhub ${path} unreachable: ${(error as Error).message}`,
      );
    }
  }

  async function json<T extends z.ZodType>(response: Response, schema: T): Promise<z.infer<T>> {
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new UpstreamError('bad_response', 'Finnhub answered an unknown shape');
    return parsed.data;
  }

  // A free key is refused candles for every symbol. The first candle call of a day goes alone;
  // after a 403 the other symbols skip the call until the next day.
  let refusedDay: number | undefined;
  let firstCallOfDay: { day: number; settled: Promise<unknown> } | undefined;

  async function candles(
    symbol: StockSymbol,
    { fromMs, toMs }: { fromMs: number; toMs: number },
    signal: AbortSignal,
  ): Promise<PricePoint[] | null> {
    const response = await get(
      '/stock/candle',
      {
        symbol,
        resolution: 'D',
        from: String(Math.floor(fromMs / 1000)),
        to: String(Math.floor(toMs / 1000)),
      },
      signal,
    );
    if (response.status === 403) {
      await response.body?.cancel();
      refusedDay = utcDayNumber(toMs);
      return null;
    }
    if (!response.ok) throw await failureOf(response);
    const body = await json(response, candleSchema);
    if (body.s !== 'ok') return null;
    const times = body.t ?? [];
    const closes = body.c ?? [];
    return times.map((time, index) => ({
      date: isoDate(time * 1000),
      price: closes[index] ?? Number.NaN,
    }));
  }

  return {
    limits: finnhubFreeLimits,

    async quote(symbol: StockSymbol, signal) {
      const response = await get('/quote', { symbol }, signal);
      if (!response.ok) throw await failureOf(response);
      const quote = await json(response, quoteSchema);
      return { price: quote.c ?? 0, previousClose: quote.pc ?? 0, volume: null };
    },

    async dailyCloses(symbol, range, signal): Promise<PricePoint[] | null> {
      const day = utcDayNumber(range.toMs);
      if (firstCallOfDay?.day === day) await firstCallOfDay.settled;
      if (refusedDay === day) return null;
      const call = candles(symbol, range, signal);
      if (firstCallOfDay?.day !== day) firstCallOfDay = { day, settled: call.catch(() => null) };
      return call;
    },
  };
}
