import type { Holding, MarketDataAccess } from '@tickerwise/shared';
import type { QuotedPrice } from '../../components/prices/price-cell.tsx';

/**
 * The holding's price as the shared price cell reads it: live for a real-time plan, labelled
 * with the plan's delay otherwise (the server already gave a delayed plan the delayed price).
 * Null for a price with no market instant (the last trade's, when no quote could be had).
 */
export function holdingQuote(holding: Holding, access: MarketDataAccess): QuotedPrice | null {
  const { priceSource } = holding;
  if (priceSource.source === 'trade' || priceSource.asOf === null) return null;
  const price = Number(holding.price);
  if (!Number.isFinite(price)) return null;
  return {
    symbol: holding.symbol,
    price,
    delayed: access.kind === 'delayed',
    delayMinutes: access.kind === 'delayed' ? access.delayMinutes : 0,
    asOf: priceSource.asOf,
    stale: priceSource.delayed,
  };
}
