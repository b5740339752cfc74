import type { MarketConfig } from '../../config.ts';
import { RegularSession } from '../quotes/regular-session.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import { FinnhubTradeStream } from './finnhub/trade-stream.ts';
import type { MarketProvider } from './market-provider.ts';
import { SimulatedTradeStream } from './simulated/trade-stream.ts';
import type { TradeStream } from './trade-stream.ts';

/** The live trade stream of the configured provider; undefined when it has none or it is off. */
export function createTradeStream(
  config: MarketConfig,
  provider: MarketProvider,
  now: () => number,
  log: MarketLog,
): TradeStream | undefined {
  if (config.provider === 'simulated') {
    const { quoteAt } = provider;
    if (!quoteAt) return undefined;
    return new SimulatedTradeStream({ quoteAt, session: new RegularSession(), now });
  }
  if (!config.stream) return undefined;
  return new FinnhubTradeStream({
    url: config.stream.url,
    apiKey: config.apiKey,
    symbolLimit: config.stream.symbolLimit,
    log,
  });
}
