import type { MarketConfig } from '../../../config.ts';
import { createFinnhubProvider } from './finnhub.ts';
import type { MarketProvider } from './market-provider.ts';
import { createSimulatedProvider } from './simulated.ts';

export function createMarketProvider(config: MarketConfig, now: () => number): MarketProvider {
  return config.provider === 'finnhub'
    ? createFinnhubProvider(config)
    : createSimulatedProvider(now);
}
