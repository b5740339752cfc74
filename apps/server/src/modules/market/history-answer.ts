import type { HistoryRange, HistoryResponse } from '@tickerwise/shared';
import type { HistoryService } from '../history/service.ts';

/** The stored daily bars of a range, as the chart and the public API send them. */
export async function historyAnswer(
  history: HistoryService,
  symbol: string,
  range: HistoryRange,
): Promise<HistoryResponse> {
  const series = await history.range(symbol, range);
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
    asOf: series.asOf,
    stale: series.stale,
  };
}
