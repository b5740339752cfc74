import { z } from 'zod';
import { tiingoLimits } from '../../upstream/provider-limits.ts';
import type { BarsProvider, ProviderBar } from '../bars-provider.ts';
import { tiingoGetter, tiingoTicker } from './get.ts';

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
  const get = tiingoGetter({ apiKey, baseUrl });
  return {
    source: 'tiingo',
    limits: tiingoLimits(callsPerHour, callsPerDay),
    async dailyBars(symbol, { from, to }, signal) {
      const days = await get(
        `/tiingo/daily/${encodeURIComponent(tiingoTicker(symbol))}/prices`,
        { startDate: from, endDate: to, resampleFreq: 'daily' },
        pricesSchema,
        signal,
      );
      const bars: ProviderBar[] = [];
      let historyRevised = false;
      for (const day of days) {
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
