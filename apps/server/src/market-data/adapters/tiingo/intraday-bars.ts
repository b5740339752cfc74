import { z } from 'zod';
import { newYorkTime } from '../../calendar/market-calendar.ts';
import { UpstreamError } from '../../upstream/upstream.ts';
import type { IntradayBarsSource, ProviderIntradayBar } from '../market-provider.ts';
import { tiingoGetter, tiingoTicker } from './get.ts';

// `/iex/<ticker>/prices` answers an array of bars, each stamped with the instant it starts
// ("2026-03-16T13:30:00.000Z"), with the columns asked for. Its volume is what traded on IEX.
const barSchema = z.object({
  date: z.string(),
  open: z.number().nullable().optional(),
  high: z.number().nullable().optional(),
  low: z.number().nullable().optional(),
  close: z.number().nullable().optional(),
  volume: z.number().nullable().optional(),
});
const barsSchema = z.array(barSchema);

/**
 * Tiingo's IEX intraday prices (`/iex/<ticker>/prices`), resampled by Tiingo to the bar length
 * asked for, regular sessions only. Its dates are whole days: the bars of the window's New York
 * days are asked for and those outside the window dropped.
 */
export function createTiingoIntraday({
  apiKey,
  baseUrl,
}: {
  apiKey: string;
  baseUrl: string;
}): IntradayBarsSource {
  const get = tiingoGetter({ apiKey, baseUrl });
  return {
    source: 'tiingo',
    async intradayBars(symbol, { from, to, intervalMinutes }, signal) {
      let rows: z.infer<typeof barsSchema>;
      try {
        rows = await get(
          `/iex/${encodeURIComponent(tiingoTicker(symbol))}/prices`,
          {
            startDate: newYorkTime(from).date,
            endDate: newYorkTime(to).date,
            resampleFreq: `${intervalMinutes}min`,
            columns: 'open,high,low,close,volume',
          },
          barsSchema,
          signal,
        );
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        // A refused key gets no intraday bars at all; a ticker IEX does not quote, none of it.
        if (error.failure === 'rejected') return null;
        if (error.failure === 'not_found') return [];
        throw error;
      }
      const bars: ProviderIntradayBar[] = [];
      for (const row of rows) {
        const start = Date.parse(row.date);
        const { open, high, low, close } = row;
        if (!Number.isFinite(start) || start < from || start > to) continue;
        if (!(open && high && low && close) || close <= 0) continue;
        const volume = Math.max(0, Math.round(row.volume ?? 0));
        bars.push({ start, open, high, low, close, volume });
      }
      return bars.sort((a, b) => a.start - b.start);
    },
  };
}
