import type { HistoryConfig, MarketConfig } from '../../config.ts';
import type { BarsProvider } from './bars-provider.ts';
import { createFinnhubCandles } from './finnhub/candles.ts';
import { createSimulatedBars } from './simulated/bars.ts';
import { createTiingoBars } from './tiingo/daily-bars.ts';

export function createBarsProvider(
  market: MarketConfig,
  history: HistoryConfig | undefined,
  now: () => number,
): BarsProvider {
  if (history?.provider === 'tiingo') return createTiingoBars(history);
  if (market.provider === 'finnhub') return createFinnhubCandles({ ...market, now });
  return createSimulatedBars(now);
}
