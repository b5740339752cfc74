import type { MarketConfig } from '../../../config.ts';
import type { SimulatedPriceControl } from '../../../simulation/price-control.ts';
import { createFinnhubProvider } from './finnhub.ts';
import type { MarketProvider } from './market-provider.ts';
import { createSimulatedProvider } from './simulated.ts';

export function createMarketProvider(
  config: MarketConfig,
  now: () => number,
  control?: SimulatedPriceControl,
): MarketProvider {
  return config.provider === 'finnhub'
    ? createFinnhubProvider(config)
    : createSimulatedProvider(now, control);
}
