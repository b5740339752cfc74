import type { MarketConfig } from '../../config.ts';
import { createFinnhubProvider } from './finnhub/provider.ts';
import type { MarketProvider } from './market-provider.ts';
import type { SimulatedPriceControl } from './simulated/price-control.ts';
import { createSimulatedProvider } from './simulated/provider.ts';

export function createMarketProvider(
  config: MarketConfig,
  now: () => number,
  control?: SimulatedPriceControl,
): MarketProvider {
  return config.provider === 'finnhub'
    ? createFinnhubProvider(config)
    : createSimulatedProvider(now, control);
}
