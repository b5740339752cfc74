import { z } from 'zod';
import { tiingoLimits } from '../../upstream/provider-limits.ts';
import { UpstreamError } from '../../upstream/upstream.ts';
import type { BarsProvider, ProviderBar } from '../bars-provider.ts';

export interface TiingoOptions {
  apiKey: string;
  /** e.g. https://api.tiingo.com (tests point it at a fake on 127.0.0.1). */
  baseUrl: string;
  /** The plan's allowance (free: 50 an hour, 1,000 a day). */
  callsPerHour?: number;
  callsPerDay?: number;
}

// `/tiingo/daily/<ticker>/prices` answers an array of days with raw and adjusted figures.
const priceSchema = z.object({
  date: z.string(),
  adjOpen: z.number().nullable(),
  adjHigh: z.number().nullable(),
  adjLow: z.number().nullable(),
  adjClose: z.number().nullable(),
  adjVolume: z.number().nullable(),
  divCash: z.number().nullable().optional(),
  splitFactor: z.number().nullable().optional(),
});
const pricesSchema = z.array(priceSchema);

/** Tiingo writes share classes with a hyphen (BRK-B) where we write a dot (BRK.B). */
export function tiingoTicker(symbol: string): string {
  return symbol.replace('.', '-').toLowerCase();
}

/**
 * Tiingo's end-of-day prices. We store its split- and dividend-adjusted figures, so charts and
 * indicators have no false jumps; a day with a split or a dividend marks the history as revised
 * (its earlier adjusted prices changed), as Tiingo's own guidance for keeping a copy says.
 */
export function createTiingoBars({
  apiKey,
  baseUrl,
  callsPerHour,
  callsPerDay,
}: TiingoOptions): BarsProvider {
  return {
    source: 'tiingo',
    limits: tiingoLimits(callsPerHour, callsPerDay),
    async dailyBars(symbol, { from, to }, signal) {
      const url = new URL(
        `${baseUrl}/tiingo/daily/${encodeURIComponent(tiingoTicker(symbol))}/prices`,
      );
      url.searchParams.set('startDate', from);
      url.searchParams.set('endDate', to);
      url.searchParams.set('resampleFreq', 'daily');
      let response: Response;
      try {
        // The key travels in the Authorization header, never in a URL that logs keep.
        response = await fetch(url, {
          headers: { authorization: `Token ${apiKey}`, accept: 'application/json' },
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw new UpstreamError('timeout', 'Tiingo timed out');
        throw new UpstreamError('network', `Tiingo unreachable: ${(error as Error).message}`);
      }
      const body = await response.text();
      if (response.status === 429)
        throw new UpstreamError('rate_limited', 'Tiingo rate limit reached');
      if (response.status === 404) throw new UpstreamError('not_found', `Tiingo has no ${symbol}`);
      if (response.status === 401 || response.status === 403) {
        throw new UpstreamError('rejected', `Tiingo refused the API key (${response.status})`);
      }
      if (response.status >= 500) {
        throw new UpstreamError('server_error', `Tiingo answered ${response.status}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        // Over an allowance (hourly, or the monthly symbol count), Tiingo answers plain text.
        if (/run over|limit|allocation/i.test(body)) {
          throw new UpstreamError('rate_limited', 'Tiingo allowance used up');
        }
        throw new UpstreamError('bad_response', `Tiingo answered ${response.status} without JSON`);
      }
      if (!response.ok)
        throw new UpstreamError('bad_response', `Tiingo answered ${response.status}`);
      const parsed = pricesSchema.safeParse(json);
      if (!parsed.success)
        throw new UpstreamError('bad_response', 'Tiingo answered an unknown shape');
      const bars: ProviderBar[] = [];
      let historyRevised = false;
      for (const day of parsed.data) {
        const { adjOpen, adjHigh, adjLow, adjClose, adjVolume } = day;
        if (!(adjOpen && adjHigh && adjLow && adjClose) || adjClose <= 0) continue;
        bars.push({
          date: day.date.slice(0, 10),
          open: adjOpen,
          high: adjHigh,
          low: adjLow,
          close: adjClose,
          volume: Math.max(0, Math.round(adjVolume ?? 0)),
        });
        if ((day.splitFactor ?? 1) !== 1 || (day.divCash ?? 0) > 0) historyRevised = true;
      }
      return { bars, historyRevised };
    },
  };
}
