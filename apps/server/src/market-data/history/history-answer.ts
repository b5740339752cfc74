import type { HistoryRange, HistoryResponse } from '@tickerwise/shared';
import type { HistoryService } from './service.ts';

/**
 * The stored daily bars of a range, as the chart and the public API send them, up to
 * `lastSession`: a delayed plan sees a day's bar once its close is as old as its delay.
 */
export async function historyAnswer(
  history: HistoryService,
  symbol: string,
  range: HistoryRange,
  { lastSession, delayMinutes }: { lastSession: string; delayMinutes: number },
): Promise<HistoryResponse> {
  const series = await history.range(symbol, range, lastSession);
  return {
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
