import type { IntradayRange, IntradayResponse } from '@tickerwise/shared';
import type { MarketService } from '../quotes/service.ts';
import type { IntradayService } from './service.ts';

/**
 * The intraday answer as the chart and the public API send it: the bars a plan with this delay
 * may see, and whether the exchange trades now.
 */
export async function intradayAnswer(
  intraday: IntradayService,
  market: Pick<MarketService, 'marketStatus'>,
  symbol: string,
  range: IntradayRange,
  delayMinutes: number,
): Promise<IntradayResponse> {
  const series = await intraday.series(symbol, range, delayMinutes);
  return { symbol, range, ...series, market: market.marketStatus() };
}
