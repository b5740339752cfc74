import type { HistoryRange, HistoryResponse } from '@tickerwise/shared';
import { movingAverageSeries } from './moving-averages.ts';
import type { HistoryService } from './service.ts';

/** Closes read before a range's first bar, so its 200-day average starts on that bar. */
const averageLookback = 199;

/**
 * The stored daily bars of a range, as the chart and the public API send them, up to
 * `lastSession`: a delayed plan sees a day's bar once its close is as old as its delay.
 */
export async function historyAnswer(
  history: HistoryService,
  symbol: string,
  range: HistoryRange,
  {
    lastSession,
    delayMinutes,
    averages = false,
  }: { lastSession: string; delayMinutes: number; averages?: boolean },
): Promise<HistoryResponse> {
  const series = await history.range(symbol, range, lastSession);
  return {
    ...(averages ? { averages: await averagesOf(history, symbol, series.bars, lastSession) } : {}),
    symbol,
    range,
    bars: series.bars.map(({ date, open, high, low, close, volume }) => ({
      date,
      open,
      high,
      low,
      close,
      volume,
    })),
    source: series.source,
    asOf: series.asOf && series.asOf > lastSession ? lastSession : series.asOf,
    stale: series.stale,
    delayed: delayMinutes > 0,
    delayMinutes,
  };
}

/**
 * The 50- and 200-day averages on each of `bars`, over the stored closes before them too (the
 * same bars a viewer may see: up to `lastSession`).
 */
async function averagesOf(
  history: HistoryService,
  symbol: string,
  bars: readonly { date: string }[],
  lastSession: string,
): Promise<{ sma50: (number | null)[]; sma200: (number | null)[] }> {
  if (bars.length === 0) return { sma50: [], sma200: [] };
  const read = await history.recentBars(symbol, bars.length + averageLookback, lastSession);
  const closes = read.bars.map((bar) => bar.close);
  const at = new Map(read.bars.map((bar, index) => [bar.date, index]));
  const series = (length: number) => {
    const values = movingAverageSeries(closes, length);
    return bars.map((bar) => {
      const index = at.get(bar.date);
      return index === undefined ? null : (values[index] ?? null);
    });
  };
  return { sma50: series(50), sma200: series(200) };
}
